// The page areas the service serves (web.pages.ts frames them). Adding an area: its folder with a
// `<area>.pages.ts` exporting a WebArea, its words in messages/, and one line here.
import type { WebArea } from './web.pages.ts';
import { jobBoardArea } from './jobboard/jobboard.pages.ts';
import { registrationArea } from './registration/registration.pages.ts';
import { adminArea } from './admin/admin.pages.ts';

export const webAreas: readonly WebArea[] = [jobBoardArea, registrationArea, adminArea];
