import type { SignUpData } from '../api/sign-up';

const FIRST_NAMES = ['Maya', 'Tomás', 'Priya', 'Jonas', 'Amara', 'Lena', 'Kofi', 'Yuki'];
const LAST_NAMES = ['Fournier', 'Okafor', 'Lindqvist', 'Moreno', 'Nakamura', 'Brennan', 'Adeyemi', 'Rossi'];
const BIOS = [
  'Home baker chasing the perfect open crumb, one sourdough loaf at a time.',
  'Weekend pastry enthusiast. Currently fighting with laminated dough.',
  'I run a small cake stall at the Saturday market and love trying new icings.',
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** `length` characters of ALPHABET from the browser's cryptographic random source. */
function randomText(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => ALPHABET[byte % ALPHABET.length]).join(
    '',
  );
}

/**
 * Sample sign-up values for trying the app ('FILL UP TEST DATA'); the username is fresh each
 * time, e.g. baker_x7k2. So is the password: a fixed one would ship in this bundle and open
 * every account made with the button to anyone who lists the `baker_` usernames. The browser
 * offers to save it, as it does a password it suggests itself.
 */
export function sampleSignUp(): SignUpData {
  return {
    firstName: pick(FIRST_NAMES),
    lastName: pick(LAST_NAMES),
    username: `baker_${randomText(4)}`,
    password: `bake-${randomText(16)}`,
    bio: pick(BIOS),
  };
}
