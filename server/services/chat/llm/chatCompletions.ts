/**
 * Client of an OpenAI-compatible Chat Completions endpoint (`POST {baseUrl}/chat/completions`): hosted APIs
 * and local servers such as Ollama (`http://localhost:11434/v1`) or llama.cpp's server speak it. Streams the
 * answer (server-sent events) and assembles tool calls from their streamed fragments.
 */

export interface LlmToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: a JSON text (parse and validate before use). */
  arguments: string;
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface LlmTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface LlmCompletion {
  content: string;
  toolCalls: LlmToolCall[];
  /** `stop`, `tool_calls`, `length`, … as the server said; null when it said nothing. */
  finishReason: string | null;
}

export interface LlmRequest {
  messages: readonly LlmMessage[];
  tools?: readonly LlmTool[];
  /** Receives each piece of answer text as it streams in. */
  onText?: (delta: string) => void;
  signal?: AbortSignal;
}

export interface LlmClient {
  readonly model: string;
  complete(request: LlmRequest): Promise<LlmCompletion>;
}

export interface ChatCompletionsOptions {
  /** e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1` (no trailing `/chat/completions`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; local servers often need none. */
  apiKey?: string;
  model: string;
  /** Stream the answer (default true). */
  stream?: boolean;
  temperature?: number;
  /** Milliseconds before a request is abandoned (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The endpoint answered with an error status or something that is not a Chat Completions answer. */
export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface WireToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface WireChoice {
  delta?: { content?: string | null; tool_calls?: WireToolCallDelta[] };
  message?: { content?: string | null; tool_calls?: WireToolCallDelta[] };
  finish_reason?: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toWireMessage(message: LlmMessage): Record<string, unknown> {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls?.length && {
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        }),
      };
    default:
      return { role: message.role, content: message.content };
  }
}

/** Accumulates choices (whole messages or stream deltas) into one completion. */
class CompletionBuilder {
  private content = '';
  private finishReason: string | null = null;
  private readonly calls = new Map<number, LlmToolCall>();

  constructor(private readonly onText?: (delta: string) => void) {}

  add(choice: WireChoice): void {
    const part = choice.delta ?? choice.message;
    if (typeof part?.content === 'string' && part.content !== '') {
      this.content += part.content;
      this.onText?.(part.content);
    }
    for (const [position, fragment] of (part?.tool_calls ?? []).entries()) {
      const index = fragment.index ?? position;
      const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name += fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      this.calls.set(index, call);
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  build(): LlmCompletion {
    const toolCalls = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }))
      .filter((call) => call.name !== '');
    return { content: this.content, toolCalls, finishReason: this.finishReason };
  }
}

function firstChoice(payload: unknown): WireChoice | undefined {
  if (!isRecord(payload)) return undefined;
  if (isRecord(payload.error)) throw new LlmError(String(payload.error.message ?? 'the model reported an error'));
  const choices = payload.choices;
  return Array.isArray(choices) && isRecord(choices[0]) ? (choices[0] as WireChoice) : undefined;
}

/** Splits a server-sent-events body into its `data:` payloads. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      let boundary: RegExpExecArray | null;
      while ((boundary = /\r?\n\r?\n/.exec(buffer))) {
        const event = buffer.slice(0, boundary.index);
        buffer = buffer.slice(boundary.index + boundary[0].length);
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data) yield data;
      }
      if (done) break;
    }
    if (buffer.trim().startsWith('data:')) yield buffer.trim().slice(5).trimStart();
  } finally {
    reader.releaseLock();
  }
}

export function createChatCompletionsClient(options: ChatCompletionsOptions): LlmClient {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const send = options.fetch ?? fetch;
  const stream = options.stream ?? true;

  return {
    model: options.model,
    async complete({ messages, tools, onText, signal }) {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
      const response = await send(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: stream ? 'text/event-stream' : 'application/json',
          ...(options.apiKey && { authorization: `Bearer ${options.apiKey}` }),
        },
        body: JSON.stringify({
          model: options.model,
          messages: messages.map(toWireMessage),
          ...(tools?.length && {
            tools: tools.map((tool) => ({ type: 'function', function: tool })),
            tool_choice: 'auto',
          }),
          ...(options.temperature !== undefined && { temperature: options.temperature }),
          stream,
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 300);
        throw new LlmError(`the language model answered ${response.status}: ${detail}`, response.status);
      }

      const builder = new CompletionBuilder(onText);
      const isEventStream = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
      if (isEventStream && response.body) {
        for await (const data of sseData(response.body)) {
          if (data === '[DONE]') break;
          const choice = firstChoice(JSON.parse(data) as unknown);
          if (choice) builder.add(choice);
        }
      } else {
        const choice = firstChoice(await response.json());
        if (!choice) throw new LlmError('the language model answered without a choice');
        builder.add(choice);
      }
      return builder.build();
    },
  };
}
