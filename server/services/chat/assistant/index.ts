import { parseSlashCommand } from '../../../../src/domain/chat/slashCommands';
import type { LlmClient } from '../llm/chatCompletions';
import type { Assistant } from '../send';
import { commandReply } from './commandReplies';
import { llmReply } from './llmAssistant';
import type { AssistantPorts } from './ports';
import { ruleBasedReply } from './ruleBased';

/**
 * The assistant: slash commands run against the app's services (the same parser as the client); other
 * text goes to the language model when one is configured, else to the built-in rule-based assistant.
 * Replies without a model are produced at once and streamed as one piece.
 */
export function createAssistant(ports: AssistantPorts, llm: LlmClient | null): Assistant {
  return {
    async reply(request) {
      const parsed = parseSlashCommand(request.text);
      if (parsed.type === 'text' && llm) return llmReply(llm, ports, request);
      const answer =
        parsed.type === 'command'
          ? await commandReply(ports, request.userId, parsed.command)
          : parsed.type === 'error'
            ? { content: parsed.message, metadata: { alertType: 'warning' as const, description: parsed.message } }
            : await ruleBasedReply(ports, request.userId, request.text);
      request.onText(answer.content);
      return answer;
    },
  };
}
