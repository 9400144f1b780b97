import * as z from 'zod';
import {
  canSendMessage,
  isAllowedAttachment,
  MAX_ATTACHMENTS,
  MAX_MESSAGE_LENGTH,
} from '../../../src/domain/chat/messages';
import { badUserInput } from '../errors';

/** Longest conversation title. */
export const MAX_TITLE_LENGTH = 120;

const id = z.uuid({ error: 'expected a UUID' });

const attachment = z
  .strictObject({
    id: z.string().min(1).max(100),
    name: z.string().trim().min(1).max(255),
    type: z.string().max(150),
  })
  .refine((file) => isAllowedAttachment(file.name, file.type), {
    error: 'attachments may be images, pdf, doc, docx or txt files',
  });

const sendInput = z
  .strictObject({
    id: id.optional(),
    conversationId: id.optional(),
    content: z.string().max(MAX_MESSAGE_LENGTH, `a message has at most ${MAX_MESSAGE_LENGTH} characters`),
    attachments: z.array(attachment).max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments`).default([]),
  })
  .refine((input) => canSendMessage(input.content, input.attachments.length), {
    error: 'a message needs text or an attachment',
  });

export type SendInput = z.output<typeof sendInput>;

const conversationInput = z.strictObject({
  id: id.optional(),
  title: z.string().trim().max(MAX_TITLE_LENGTH, `a title has at most ${MAX_TITLE_LENGTH} characters`).optional(),
});

export type ConversationInput = z.output<typeof conversationInput>;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.');
  throw badUserInput(`${field ? `${field}: ` : ''}${issue?.message ?? 'invalid input'}`);
}

/** GraphQL gives null for omitted optional arguments; the schemas want them absent. */
function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}

export function parseSendInput(input: Record<string, unknown>): SendInput {
  return parse(sendInput, withoutNulls(input));
}

export function parseConversationInput(input: Record<string, unknown>): ConversationInput {
  return parse(conversationInput, withoutNulls(input));
}

export function parseId(value: unknown, field = 'id'): string {
  const parsed = id.safeParse(value);
  if (!parsed.success) throw badUserInput(`${field}: expected a UUID`);
  return parsed.data;
}
