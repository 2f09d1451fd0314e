import { TAG_OPTIONS } from '../../../shared/constants.js';
import type { Random } from './random.js';

/** Synthetic but plausible baking talk: enough distinct words that search has selective and common terms. */

const FIRST_NAMES = [
  'Amelie',
  'Owen',
  'Priya',
  'Camille',
  'Mateo',
  'Hana',
  'Lars',
  'Nadia',
  'Tomas',
  'Yuki',
  'Grace',
  'Ibrahim',
  'Sofia',
  'Elliot',
  'Mina',
  'Rafael',
  'Ingrid',
  'Kofi',
  'Leila',
  'Marco',
  'Anya',
  'Jonas',
  'Chloe',
  'Diego',
  'Freya',
  'Hugo',
  'Isla',
  'Kenji',
  'Lucia',
  'Noah',
  'Olga',
  'Pierre',
  'Rosa',
  'Sami',
  'Tara',
  'Viktor',
] as const;

const LAST_NAMES = [
  'Levain',
  'Baker',
  'Dubois',
  'Moreau',
  'Rossi',
  'Tanaka',
  'Nilsson',
  'Haddad',
  'Novak',
  'Okafor',
  'Silva',
  'Kowalski',
  'Fischer',
  'Larsen',
  'Mehta',
  'Costa',
  'Brennan',
  'Sato',
  'Varga',
  'Lindqvist',
  'Moretti',
  'Petit',
] as const;

const BAKES = [
  'sourdough',
  'brioche',
  'baguette',
  'croissant',
  'focaccia',
  'ciabatta',
  'rye loaf',
  'bagel',
  'challah',
  'panettone',
  'sponge cake',
  'chiffon cake',
  'cheesecake',
  'macaron',
  'eclair',
  'choux pastry',
  'puff pastry',
  'shortbread',
  'brownie',
  'cinnamon roll',
  'donut',
  'muffin',
  'scone',
  'pie crust',
  'tart shell',
  'pretzel',
  'babka',
  'stollen',
  'madeleine',
  'meringue',
  'genoise',
  'fruitcake',
  'kouign amann',
  'pita',
  'naan',
  'cookie',
] as const;

const PROBLEMS = [
  'turns out dense',
  'collapses in the oven',
  'is gummy inside',
  'spreads too much',
  'has a pale crust',
  'cracks on top',
  'tastes too sour',
  'does not rise',
  'burns on the bottom',
  'sticks to the pan',
  'comes out dry',
  'has big holes',
  'tears when shaping',
  'goes stale by morning',
  'browns unevenly',
] as const;

const INGREDIENTS = [
  'starter',
  'levain',
  'butter',
  'rye flour',
  'bread flour',
  'whole wheat',
  'yeast',
  'buttercream',
  'ganache',
  'almond flour',
  'cocoa',
  'vanilla',
  'brown sugar',
  'egg wash',
  'cream cheese',
  'honey',
  'sea salt',
  'cardamom',
  'matcha',
  'hazelnuts',
  'buttermilk',
  'fondant',
  'royal icing',
  'lemon curd',
  'semolina',
  'spelt',
] as const;

const TOOLS = [
  'dutch oven',
  'stand mixer',
  'banneton',
  'baking steel',
  'convection oven',
  'piping bag',
  'bench scraper',
  'proofing box',
  'cast iron pan',
  'silicone mat',
  'springform pan',
  'digital scale',
  'oven thermometer',
] as const;

const CONDITIONS = [
  'in a cold kitchen',
  'at high altitude',
  'in humid weather',
  'with a gas oven',
  'for a wedding order',
  'for a market stall',
  'overnight in the fridge',
  'with a young starter',
  'at 75% hydration',
  'in a small flat',
] as const;

const TITLE_TEMPLATES: ((r: Random) => string)[] = [
  (r) => `Why my ${r.pick(BAKES)} ${r.pick(PROBLEMS)}?`,
  (r) => `How long should I proof ${r.pick(BAKES)} ${r.pick(CONDITIONS)}?`,
  (r) => `Best way to use ${r.pick(INGREDIENTS)} in ${r.pick(BAKES)}`,
  (r) => `Is a ${r.pick(TOOLS)} worth it for ${r.pick(BAKES)}?`,
  (r) => `${capitalise(r.pick(BAKES))} ${r.pick(CONDITIONS)}: any tips?`,
  (r) => `Swapping ${r.pick(INGREDIENTS)} for ${r.pick(INGREDIENTS)} in a ${r.pick(BAKES)} recipe`,
];

const SENTENCES: ((r: Random) => string)[] = [
  (r) => `I have been baking ${r.pick(BAKES)} for ${2 + r.below(20)} years and this week it ${r.pick(PROBLEMS)}.`,
  (r) => `I use ${r.pick(INGREDIENTS)} and ${r.pick(INGREDIENTS)}, baked in a ${r.pick(TOOLS)}.`,
  (r) => `The dough rests ${2 + r.below(16)} hours ${r.pick(CONDITIONS)}.`,
  (r) => `My oven runs at ${180 + r.below(9) * 10} degrees and I bake for ${15 + r.below(40)} minutes.`,
  (r) => `Would more ${r.pick(INGREDIENTS)} help, or is the ${r.pick(TOOLS)} the problem?`,
  (r) => `Last time it ${r.pick(PROBLEMS)} too, so I changed the ${r.pick(INGREDIENTS)}.`,
];

const ANSWER_SENTENCES: ((r: Random) => string)[] = [
  (r) => `Try a longer bulk ferment ${r.pick(CONDITIONS)}.`,
  (r) => `Cut back the ${r.pick(INGREDIENTS)} by a tenth and watch the dough, not the clock.`,
  (r) => `A ${r.pick(TOOLS)} makes a real difference for ${r.pick(BAKES)}.`,
  (r) => `Mine ${r.pick(PROBLEMS)} until I lowered the oven by ten degrees.`,
  (r) => `Weigh the ${r.pick(INGREDIENTS)}; cups are never the same twice.`,
];

const COMMENTS = [
  'Same here, following this one.',
  'Thanks, that fixed it for me!',
  'What flour do you use?',
  'Could you share a photo of the crumb?',
  'Great tip about the steam.',
  'I had the same problem last winter.',
  'Did you preheat the pan?',
  'Trying this tonight.',
] as const;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sentences(r: Random, from: readonly ((r: Random) => string)[], count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) parts.push(r.pick(from)(r));
  return parts.join(' ');
}

export interface PersonName {
  firstName: string;
  lastName: string;
  /** Unique: the name plus the user's number. */
  username: string;
}

export function personName(r: Random, index: number): PersonName {
  const firstName = r.pick(FIRST_NAMES);
  const lastName = r.pick(LAST_NAMES);
  return { firstName, lastName, username: `${firstName}.${lastName}${index}`.toLowerCase() };
}

export const questionTitle = (r: Random) => r.pick(TITLE_TEMPLATES)(r);
export const questionBody = (r: Random) => sentences(r, SENTENCES, 2 + r.below(3));
export const answerBody = (r: Random) => sentences(r, ANSWER_SENTENCES, 1 + r.below(3));
export const commentBody = (r: Random) => r.pick(COMMENTS);
export const bio = (r: Random) => `Home baker who loves ${r.pick(BAKES)} and ${r.pick(BAKES)}.`;

/** 1–3 distinct tags; the first tags of the list are the most used, as on a real forum. */
export function tagsFor(r: Random): string[] {
  const count = 1 + r.below(3);
  const tags = new Set<string>();
  while (tags.size < count) {
    const skewed = Math.floor(Math.pow(r.next(), 1.6) * TAG_OPTIONS.length);
    tags.add(TAG_OPTIONS[skewed] as string);
  }
  return [...tags];
}
