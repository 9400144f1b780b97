import { getOperationAST, Kind, type DocumentNode, type GraphQLSchema, type GraphQLType } from 'graphql';

/**
 * Subscription fields whose events, and every field selectable below them, are the same for every user:
 * subscriptions to them with the same document and variables share one execution per event (one upstream,
 * multicast; see sharedStreams.ts). Each subscriber is still authenticated on its own (connection and
 * operation); only the execution of the identical operation is shared. assertShareable checks at startup that
 * the field's type has only leaf fields with no resolver of their own, so nothing below it can read the user.
 */
export const SHARED_SUBSCRIPTION_FIELDS: ReadonlySet<string> = new Set(['marketDataUpdates']);

// Structural checks, not graphql-js's isObjectType/isLeafType: those compare classes, and the schema may come
// from the other (CommonJS or ESM) copy of graphql that Yoga's dependencies load.
const namedType = (type: GraphQLType): GraphQLType => ('ofType' in type ? namedType(type.ofType) : type);
const isLeaf = (type: GraphQLType) => 'serialize' in type && !('getFields' in type);

/** Throws when a shared field's type could resolve per user (an object field, or a field with a resolver). */
export function assertShareable(schema: GraphQLSchema, fields: Iterable<string> = SHARED_SUBSCRIPTION_FIELDS) {
  const subscriptionFields = schema.getSubscriptionType()?.getFields() ?? {};
  for (const name of fields) {
    const field = subscriptionFields[name];
    if (!field) throw new Error(`shared subscription field ${name} is not in the schema`);
    const type = namedType(field.type);
    if (!('getFields' in type) || 'resolveType' in type) {
      throw new Error(`shared subscription ${name} must return an object type`);
    }
    for (const child of Object.values(type.getFields())) {
      if (!isLeaf(namedType(child.type)) || ('resolve' in child && child.resolve)) {
        throw new Error(`shared subscription ${name}: ${type.name}.${child.name} could depend on the user`);
      }
    }
  }
}

export interface OperationPayload {
  query: string;
  operationName?: string | null;
  variables?: Readonly<Record<string, unknown>> | null;
}

/**
 * The key under which subscribers share an operation's execution, or undefined when it must run per
 * subscriber: only a subscription whose root selections are all fields of SHARED_SUBSCRIPTION_FIELDS (no
 * fragments at the root), keyed by its exact text, operation name and variables.
 */
export function sharedSubscriptionKey(document: DocumentNode, payload: OperationPayload): string | undefined {
  if (!isSharedOperation(document, payload.operationName)) return undefined;
  return JSON.stringify([payload.query, payload.operationName ?? null, payload.variables ?? null]);
}

/**
 * Whether the operation is a subscription whose root selections are all fields of SHARED_SUBSCRIPTION_FIELDS (no
 * fragments at the root): the operations sharedSubscriptionKey shares.
 */
export function isSharedOperation(document: DocumentNode, operationName?: string | null): boolean {
  const operation = getOperationAST(document, operationName);
  return (
    operation?.operation === 'subscription' &&
    operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && SHARED_SUBSCRIPTION_FIELDS.has(selection.name.value),
    )
  );
}
