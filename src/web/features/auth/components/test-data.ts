import type { SignUpData } from '../api/sign-up';

const FIRST_NAMES = ['Maya', 'Tomás', 'Priya', 'Jonas', 'Amara', 'Lena', 'Kofi', 'Yuki'];
const LAST_NAMES = ['Fournier', 'Okafor', 'Lindqvist', 'Moreno', 'Nakamura', 'Brennan', 'Adeyemi', 'Rossi'];
const BIOS = [
  'Home baker chasing the perfect open crumb, one sourdough loaf at a time.',
  'Weekend pastry enthusiast. Currently fighting with laminated dough.',
  'I run a small cake stall at the Saturday market and love trying new icings.',
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Sample sign-up values for trying the app ('FILL UP TEST DATA'); the username is fresh each time, e.g. baker_x7k2. */
export function sampleSignUp(): SignUpData {
  const suffix = Array.from({ length: 4 }, () => pick('abcdefghijkmnpqrstuvwxyz23456789'.split(''))).join('');
  return {
    firstName: pick(FIRST_NAMES),
    lastName: pick(LAST_NAMES),
    username: `baker_${suffix}`,
    password: 'flour-and-water',
    bio: pick(BIOS),
  };
}
