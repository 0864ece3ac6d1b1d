// The admin pages' words.
import { section } from './section.ts';

export const admin = section({
  title: 'admin',
}, {
  title: 'admin',
});
