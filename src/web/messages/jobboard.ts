// The jobboard pages' words.
import { section } from './section.ts';

export const jobboard = section({
  title: 'jobboard',
}, {
  title: 'jobboard',
});
