import { createPubSub } from 'graphql-yoga';
import type { UserPreferences } from '../src/domain/preferences';
import type { ChatStreamEventModel } from './services/chat/model';

/**
 * Events for one user's subscribers, each published with the user id as its key (a subscriber only
 * sees its own user's events). Later issues add market, order and chat events here.
 */
type UserEventChannels = {
  preferencesUpdated: [userId: string, preferences: UserPreferences];
  /** A piece of an assistant reply while it is produced, then the stored reply. */
  chatMessage: [userId: string, event: ChatStreamEventModel];
};

/** In-process, typed event bus: `publish(event, userId, payload)` and `subscribe(event, userId)`. */
export function createEventBus() {
  return createPubSub<UserEventChannels>();
}

export type EventBus = ReturnType<typeof createEventBus>;
