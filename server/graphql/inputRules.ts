import type {
  GraphQLArgument,
  GraphQLField,
  GraphQLFieldResolver,
  GraphQLInputField,
  GraphQLInputType,
  GraphQLSchema,
} from 'graphql';
import { checkNumber, checkText, type NumberKind, type RuleResult } from '../../src/domain/inputRules';
import { badUserInput } from '../services/errors';
import { isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType, namedTypeOf } from './typeKinds';

/**
 * The input rules of src/domain/inputRules.ts applied at one place: every field of the schema that takes
 * arguments (queries, mutations, subscriptions and nested fields alike) has its resolver (and `subscribe`)
 * wrapped so that its arguments are checked and normalised before the resolver sees them. A value that breaks a
 * rule is refused with BAD_USER_INPUT "path: problem", naming the argument (`input.reason`, `symbols.2`), and
 * is never repeated in the answer. The fields whose rule differs are marked in the schema (`@multiline`,
 * `@money`, `@shares`, declared in schema/base.graphql).
 */

type InputDefinition = GraphQLArgument | GraphQLInputField;

function hasDirective(definition: InputDefinition, name: string): boolean {
  return definition.astNode?.directives?.some((directive) => directive.name.value === name) ?? false;
}

function numberKind(definition: InputDefinition): NumberKind {
  if (hasDirective(definition, 'money')) return 'money';
  if (hasDirective(definition, 'shares')) return 'shares';
  return 'number';
}

function accept<T>(result: RuleResult<T>, path: string): T {
  if (!result.ok) throw badUserInput(`${path}: ${result.problem}`);
  return result.value;
}

/** `value` of type `type` checked and normalised; `definition` is the argument or input field it belongs to. */
function cleanValue(value: unknown, type: GraphQLInputType, definition: InputDefinition, path: string): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return cleanValue(value, type.ofType, definition, path);
  if (isListType(type)) {
    if (!Array.isArray(value)) return cleanValue(value, type.ofType, definition, path);
    return value.map((item, index) => cleanValue(item, type.ofType, definition, `${path}.${index}`));
  }
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    const cleaned: Record<string, unknown> = {};
    for (const [name, fieldValue] of Object.entries(value as Record<string, unknown>)) {
      const field = fields[name];
      cleaned[name] = field ? cleanValue(fieldValue, field.type, field, `${path}.${name}`) : fieldValue;
    }
    return cleaned;
  }
  if (isScalarType(type)) {
    if (typeof value === 'string') {
      return accept(checkText(value, { multiline: hasDirective(definition, 'multiline') }), path);
    }
    if (typeof value === 'number' && type.name === 'Float')
      return accept(checkNumber(value, numberKind(definition)), path);
  }
  return value;
}

/** The arguments of `field` checked and normalised (a new object; BAD_USER_INPUT on the first broken rule). */
export function cleanArguments(
  args: Readonly<Record<string, unknown>>,
  definitions: readonly GraphQLArgument[],
): Record<string, unknown> {
  const cleaned: Record<string, unknown> = { ...args };
  for (const definition of definitions) {
    if (definition.name in args) {
      cleaned[definition.name] = cleanValue(args[definition.name], definition.type, definition, definition.name);
    }
  }
  return cleaned;
}

/** Whether the value of an input type can hold text or a Float (the only values the rules look at). */
function canHoldCheckedValue(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = namedTypeOf(type);
  if (isScalarType(named)) return named.name !== 'Int' && named.name !== 'Boolean';
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => canHoldCheckedValue(field.type, seen));
}

function wrap<TSource, TContext>(
  resolver: GraphQLFieldResolver<TSource, TContext>,
  field: GraphQLField<TSource, TContext>,
): GraphQLFieldResolver<TSource, TContext> {
  return (source, args, context, info) => resolver(source, cleanArguments(args, field.args), context, info);
}

/**
 * Applies the input rules to every field of `schema` whose arguments can hold text or a Float (in place; the
 * schema is returned for chaining). A subscription's arguments are checked once, when it starts.
 */
export function applyInputRules<T extends GraphQLSchema>(schema: T): T {
  const subscriptionType = schema.getSubscriptionType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.some((argument) => canHoldCheckedValue(argument.type))) continue;
      if (type === subscriptionType) {
        if (field.subscribe) field.subscribe = wrap(field.subscribe, field);
      } else {
        // Without its own resolver a field reads its parent's property and ignores its arguments.
        if (field.resolve) field.resolve = wrap(field.resolve, field);
      }
    }
  }
  return schema;
}
