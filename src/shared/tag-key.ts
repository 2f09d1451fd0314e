/**
 * What makes two tags the same tag: case, spaces around them and how an accent was typed do not
 * count (`Crème`, ` crème ` and `cre` + U+0300 + `me` are one tag). Lower-casing can leave text
 * that is no longer composed (Ϊ and a separate acute become ϊ and the acute, which compose to ΐ),
 * so the key is composed after it.
 */
export const tagKey = (tag: string) => tag.normalize('NFC').trim().toLowerCase().normalize('NFC');
