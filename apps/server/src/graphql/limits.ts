// What one GraphQL document may cost: a budget of store reads (aliases and fragments counted as often as they run),
// a cap on fields and depth, and no NUL in string literals. Checked at validation, before any resolver runs, over HTTP
// and WebSocket alike.
import {
  GraphQLError,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';

/** The limits of one document. */
export interface GraphqlLimits {
  /** Store reads one document may cause (see READS). */
  readonly maxReads: number;
  /** Fields one document may select, after expanding fragments (each alias counts). */
  readonly maxFields: number;
  /** Deepest selection, after expanding fragments: a root field is at depth 0, its subfields at 1. */
  readonly maxDepth: number;
}

/** Deepest selection a document may have (the deepest module view needs about 8). */
export const MAX_DEPTH = 16;
export const DEFAULT_LIMITS: GraphqlLimits = { maxReads: 25, maxFields: 1000, maxDepth: MAX_DEPTH };
/** Deepest nesting of brackets in a document's text (selections, arguments, list and object literals). */
export const MAX_NESTING = 64;
/** Tokens the parser reads before giving up: a 64 KiB body of brackets never reaches the resolvers. */
export const MAX_TOKENS = 20_000;

/**
 * Fields whose resolver reads the store, by `Parent.field`, and what each costs: one read, a replay two, and a page
 * of the log one more per hundred events it may return. No store-reading field sits under a list, so a document's cost is
 * the sum over the places such fields occur.
 */
const READS: Readonly<Record<string, (field: FieldNode) => number>> = {
  'Query.game': () => 1,
  'Query.games': () => 1,
  'Query.player': () => 1,
  'Query.character': () => 1,
  'Query.characters': () => 1,
  'Query.campaign': () => 1,
  // A replay folds at most 63 events after the nearest kept record, then redacts a view: a read and a view.
  'Query.replay': () => 2,
  'Query.events': (field) => 1 + Math.ceil(limitOf(field) / 100),
  'Game.view': () => 1,
  'Game.legalCommands': () => 1,
  'Game.events': (field) => 1 + Math.ceil(limitOf(field) / 100),
};

/** The `limit` argument as written: a literal, else (a variable, or the default) the most it may be. */
function limitOf(field: FieldNode): number {
  const argument = field.arguments?.find((a) => a.name.value === 'limit');
  if (!argument) return 100;
  return argument.value.kind === Kind.INT ? Math.max(0, Math.min(1000, Number(argument.value.value))) : 1000;
}

const tooCostly = (message: string) => new GraphQLError(message, { extensions: { code: 'graphql/too-costly', status: 400 } });

/** Walks a selection set with fragments expanded, summing reads and fields and finding the depth; stops past a limit. */
class Cost {
  reads = 0;
  fields = 0;
  depth = 0;

  constructor(
    private readonly context: ValidationContext,
    private readonly limits: GraphqlLimits,
  ) {}

  get over(): boolean {
    return this.reads > this.limits.maxReads || this.fields > this.limits.maxFields || this.depth > this.limits.maxDepth;
  }

  add(set: SelectionSetNode, parent: string, seen: ReadonlySet<string> = new Set(), depth = 0): void {
    for (const selection of set.selections) {
      if (this.over) return;
      if (selection.kind === Kind.FIELD) {
        this.fields++;
        this.depth = Math.max(this.depth, depth);
        this.reads += READS[`${parent}.${selection.name.value}`]?.(selection) ?? 0;
        if (selection.selectionSet) this.add(selection.selectionSet, this.typeOf(parent, selection.name.value), seen, depth + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        this.add(selection.selectionSet, selection.typeCondition?.name.value ?? parent, seen, depth);
      } else {
        const name = selection.name.value;
        const fragment: FragmentDefinitionNode | null | undefined = this.context.getFragment(name);
        // A cycle is reported by graphql's own rules; here it only must not loop.
        if (fragment && !seen.has(name)) {
          this.add(fragment.selectionSet, fragment.typeCondition.name.value, new Set([...seen, name]), depth);
        }
      }
    }
  }

  /** The named type a field of `parent` returns (lists and non-null stripped), or '' when unknown. */
  private typeOf(parent: string, field: string): string {
    const type = this.context.getSchema().getType(parent);
    const fields = type && 'getFields' in type ? type.getFields() : {};
    let returned: unknown = (fields as Record<string, { type: unknown }>)[field]?.type;
    while (returned && typeof returned === 'object' && 'ofType' in returned) returned = (returned as { ofType: unknown }).ofType;
    return returned && typeof returned === 'object' && 'name' in returned ? String((returned as { name: unknown }).name) : '';
  }
}

const hasNul = (value: ValueNode): boolean => value.kind === Kind.STRING && value.value.includes('\u0000');

/** A validation rule holding every operation of a document to `limits`, and refusing NUL in string literals. */
export function costRule(limits: GraphqlLimits = DEFAULT_LIMITS) {
  return (context: ValidationContext) => ({
    OperationDefinition(operation: { operation: string; selectionSet: SelectionSetNode }) {
      const root = operation.operation === 'query' ? 'Query' : operation.operation === 'mutation' ? 'Mutation' : 'Subscription';
      const cost = new Cost(context, limits);
      cost.add(operation.selectionSet, root);
      if (cost.reads > limits.maxReads) {
        context.reportError(tooCostly(`this document would read the store more than ${limits.maxReads} times; split it`));
      } else if (cost.fields > limits.maxFields) {
        context.reportError(tooCostly(`this document selects more than ${limits.maxFields} fields; split it`));
      } else if (cost.depth > limits.maxDepth) {
        const message = `this document selects fields more than ${limits.maxDepth} deep`;
        context.reportError(new GraphQLError(message, { extensions: { code: 'graphql/too-deep', status: 400 } }));
      }
    },
    StringValue(node: ValueNode) {
      if (hasNul(node)) {
        context.reportError(
          new GraphQLError('strings must not contain NUL (\\u0000)', {
            nodes: [node],
            extensions: { code: 'http/nul-character', status: 400 },
          }),
        );
      }
    },
  });
}
