import { z } from 'zod';
import { REACTIONS } from '../constants.js';
import { messages } from '../messages.js';

export const reactionBody = z.object({
  reaction: z.enum(REACTIONS, { error: messages.invalidReaction }),
});
