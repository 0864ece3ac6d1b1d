// The registration pages' words.
import { section } from './section.ts';

export const registration = section({
  title: 'registration',
}, {
  title: 'registration',
});
