import type { LlmClient, LlmMessage, LlmTool, LlmToolCall } from './chatCompletions';

/** A tool the model may call; `run` gets the parsed arguments and answers with JSON-serialisable data. */
export interface LlmToolHandler {
  tool: LlmTool;
  run(args: Record<string, unknown>): Promise<unknown>;
}

export interface ToolCallRecord {
  name: string;
  args: Record<string, unknown>;
  /** What `run` answered, or `{ error }` when the call failed. */
  result: unknown;
  ok: boolean;
}

export interface ToolLoopResult {
  content: string;
  toolCalls: ToolCallRecord[];
}

export interface ToolLoopOptions {
  client: LlmClient;
  messages: readonly LlmMessage[];
  handlers: readonly LlmToolHandler[];
  onText?: (delta: string) => void;
  signal?: AbortSignal;
  /** Rounds of tool calls before the model must answer in words (default 4). */
  maxRounds?: number;
}

function parseArguments(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text === '' ? '{}' : text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

async function runCall(call: LlmToolCall, handlers: readonly LlmToolHandler[]): Promise<ToolCallRecord> {
  const handler = handlers.find((candidate) => candidate.tool.name === call.name);
  const args = parseArguments(call.arguments);
  if (!handler) return { name: call.name, args: args ?? {}, result: { error: `unknown tool ${call.name}` }, ok: false };
  if (!args) return { name: call.name, args: {}, result: { error: 'arguments are not a JSON object' }, ok: false };
  try {
    return { name: call.name, args, result: await handler.run(args), ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { name: call.name, args, result: { error: message }, ok: false };
  }
}

/**
 * Lets the model answer, running the tools it calls (results come from our own services) and feeding their
 * answers back, until it answers in words or `maxRounds` rounds of tool calls have passed (then it is asked
 * once more without tools). Streams the answer text through `onText`.
 */
export async function runToolLoop({
  client,
  messages,
  handlers,
  onText,
  signal,
  maxRounds = 4,
}: ToolLoopOptions): Promise<ToolLoopResult> {
  const conversation: LlmMessage[] = [...messages];
  const records: ToolCallRecord[] = [];
  const tools = handlers.map((handler) => handler.tool);
  for (let round = 0; ; round++) {
    const allowTools = round < maxRounds && tools.length > 0;
    const completion = await client.complete({
      messages: conversation,
      ...(allowTools && { tools }),
      onText,
      signal,
    });
    if (!allowTools || completion.toolCalls.length === 0) {
      return { content: completion.content, toolCalls: records };
    }
    conversation.push({ role: 'assistant', content: completion.content || null, toolCalls: completion.toolCalls });
    for (const call of completion.toolCalls) {
      const record = await runCall(call, handlers);
      records.push(record);
      conversation.push({ role: 'tool', toolCallId: call.id, content: JSON.stringify(record.result) });
    }
  }
}
