import type {
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLList,
  GraphQLNamedType,
  GraphQLNonNull,
  GraphQLNullableType,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLType,
} from 'graphql';

/**
 * What kind of GraphQL type a value is, read from its `Symbol.toStringTag` rather than with graphql's `is…Type`
 * (which use `instanceof`): graphql ships CommonJS and ESM builds, and under vitest a schema built by a library
 * (one build) meets this code (the other), see ./errors.ts.
 */
function tagOf(type: unknown): string {
  return Object.prototype.toString.call(type);
}

export const isObjectType = (type: unknown): type is GraphQLObjectType => tagOf(type) === '[object GraphQLObjectType]';
export const isInputObjectType = (type: unknown): type is GraphQLInputObjectType =>
  tagOf(type) === '[object GraphQLInputObjectType]';
export const isScalarType = (type: unknown): type is GraphQLScalarType => tagOf(type) === '[object GraphQLScalarType]';

export function isListType(type: GraphQLInputType): type is GraphQLList<GraphQLInputType>;
export function isListType(type: GraphQLType): type is GraphQLList<GraphQLType>;
export function isListType(type: unknown): boolean {
  return tagOf(type) === '[object GraphQLList]';
}

export function isNonNullType(
  type: GraphQLInputType,
): type is GraphQLNonNull<Exclude<GraphQLInputType, GraphQLNonNull<GraphQLType>>>;
export function isNonNullType(type: GraphQLType): type is GraphQLNonNull<GraphQLNullableType>;
export function isNonNullType(type: unknown): boolean {
  return tagOf(type) === '[object GraphQLNonNull]';
}

/** The named type inside lists and non-nulls. */
export function namedTypeOf(type: GraphQLType): GraphQLNamedType {
  let inner: GraphQLType = type;
  while (isListType(inner) || isNonNullType(inner)) inner = inner.ofType;
  return inner as GraphQLNamedType;
}
