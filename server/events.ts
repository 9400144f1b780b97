import { createPubSub } from 'graphql-yoga';
import type { UserPreferences } from '../src/domain/preferences';

/**
 * Events for one user's subscribers, each published with the user id as its key (a subscriber only
 * sees its own user's events). Later issues add market, order and chat events here.
 */
type UserEventChannels = {
  preferencesUpdated: [userId: string, preferences: UserPreferences];
};

/** In-process, typed event bus: `publish(event, userId, payload)` and `subscribe(event, userId)`. */
export function createEventBus() {
  return createPubSub<UserEventChannels>();
}

export type EventBus = ReturnType<typeof createEventBus>;
