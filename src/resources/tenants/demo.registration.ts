// The demo tenant's registration side: workflows a registration link may assign (REG-07 to REG-09).
// Its settings stay the defaults: registered under its own name, every * field shown, acting as the
// administrator, no callback (`staffing registration settings` sets one).
import type { Db } from '../../platform/db/database.ts';
import { addWorkflow } from '../registration/registration.repository.ts';

export const DEMO_WORKFLOWS = ['Light industrial', 'Office and administrative', 'Healthcare'] as const;

export async function seedDemoRegistration(db: Db, tenantId: number): Promise<void> {
  for (const name of DEMO_WORKFLOWS) await addWorkflow(db, tenantId, name);
}
