// What every process that opens the service's database runs first: the migrations, then the reference
// data loaded on every start. Apart from the registry (which re-exports it) so that a process without
// routes (`staffing worker`, decision 0054) prepares the database without loading them.
import type pg from 'pg';
import { migrate, type ReferenceDataLoader } from '../../platform/db/migrate.ts';
import { historyOf, installHistory, type HistorySource } from '../../platform/history/history-install.ts';
import { loadGazetteer } from '../gazetteer/gazetteer.load.ts';
import { contactMethodHistory } from '../contact-methods/contact-method.history.ts';
import { messageDetailsHistory, messageHistory } from '../messages/message.history.ts';
import { messageDocumentHistory } from '../assignment-messages/message-document.history.ts';
import { candidateHistory } from '../candidates/candidate.history.ts';
import { assessmentSessionHistory } from '../assessments/assessment-session.history.ts';
import { employeeProfileHistory } from '../employees/employee-profile.history.ts';
import { records } from '../records.ts';

/** The child collections' histories (a record's own comes from its definition). */
const childHistories: readonly HistorySource[] = [contactMethodHistory, messageHistory, messageDetailsHistory, messageDocumentHistory, candidateHistory, assessmentSessionHistory, employeeProfileHistory];

/** Reference tables loaded from their packages on every start (after the migrations). */
export const referenceData: readonly ReferenceDataLoader[] = [loadGazetteer, installHistory([...records.map(historyOf), ...childHistories])];

/** The database as the service needs it: migrated, reference data loaded. */
export const prepareDatabase = (pool: pg.Pool) => migrate(pool, referenceData);
