// Request and response shapes of a record's messages (/{Owner}/{ownerId}/messages, decision 0035).
// The fields a message is written with are one definition: the create body here and the assignment's
// message update request (ASG-27) are both made of them.
import { Type, type Static } from 'typebox';
import { Id32, Id64, nullable } from '../../platform/records/shapes.ts';
import { PageQuery } from '../../platform/http/paging.ts';

/** Dates as the PATCH routes take them: ISO 8601, a date alone meaning midnight UTC (checked with parseDateTime). */
export const isoDateTime = (description: string) => Type.String({ maxLength: 40, description: `${description} ISO 8601 date-time (2026-03-15T14:30:00Z; a date alone is midnight UTC).` });
/** A date-time the service answers (a Date serialized, or text in XML and CSV). */
export const dateTime = (description: string) => Type.Unsafe<Date | string>(Type.String({ format: 'date-time', description }));

/** What a message is written with: its subject, text, action and date. */
export const MessageFields = {
  subject: Type.Optional(nullable(Type.String({ maxLength: 255, description: 'At most 255 characters.' }))),
  text: Type.String({ minLength: 1, maxLength: 8000, pattern: '\\S', description: 'The message itself, 1 to 8000 characters, not only blanks.' }),
  messageActionId: Type.Optional(nullable(Id32('What kind of message: one of GET /Datalists/MessageActions (your security group\'s).'))),
  messageDate: Type.Optional(nullable(isoDateTime('When the call, email or meeting took place.'))),
};
export const MessageCreate = Type.Object(MessageFields, { $id: 'MessageCreate' });
/** A message's fields as a request gives them (the create body, the assignment's PUT). */
export type MessageInput = Static<typeof MessageCreate>;
export const MessageCreated = Type.Object({ messageId: Type.Integer({ description: 'Id of the new message (Int64); Location is its read.' }) }, { $id: 'MessageCreated' });

export const MessageRecord = Type.Object({
  messageId: Type.Integer({ description: 'Int64.' }),
  originType: Type.String({ description: 'The kind of record the message is logged on, as its events name it (`employee`, `jobOrder`, ...); an assignment lists the messages linked to it too.' }),
  originId: Type.Integer({ description: 'Id of that record.' }),
  subject: nullable(Type.String()),
  text: Type.String(),
  messageActionId: nullable(Type.Integer()),
  messageAction: nullable(Type.String({ description: 'Name of the message action.' })),
  messageDate: nullable(dateTime('When the call, email or meeting took place.')),
  serviceRepId: nullable(Type.Integer({ description: 'Who logged it.' })),
  isPrimary: Type.Boolean({ description: 'The record\'s PrimaryMessageId: listed first.' }),
  dateCreated: dateTime('When it was logged.'),
}, { $id: 'Message', additionalProperties: false });

/** The one paging rule (skip, take), as every list. */
export const MessageListQuery = PageQuery;

export const MessageId = Id64('Id of the message (Int64).');
