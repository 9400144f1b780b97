/**
 * A template strategy's form (parameters, symbols, interval) read by the domain's own rules, the ones the server
 * applies to the same update: `definitionFromTemplate` (bounds and relations of the parameters, symbols, interval).
 *
 * Rules:
 * - Parameters are typed text; text that is not a number is refused at its field ("Must be a whole number …").
 * - Errors are keyed as the server names them: `parameters.<name>`, `symbols`, `interval`.
 * - The update sends only what the template needs: its id, every parameter, the symbols and the interval.
 */
import type { Interval } from '../../../domain/market/candle';
import { definitionFromTemplate, type StrategyDefinition } from '../../../domain/strategies';
import { parseSymbols } from '../strategyFormat';
import { errorsByField } from './draft';

export interface TemplateFormValues {
  templateId: string;
  /** Parameter name → the text typed. */
  parameters: Record<string, string>;
  symbols: string;
  interval: Interval;
}

export type TemplateFormResult =
  | { ok: true; definition: StrategyDefinition; parameters: Record<string, number>; symbols: string[] }
  | { ok: false; errors: Record<string, string> };

function parameterValues(parameters: Record<string, string>): Record<string, number | string> {
  return Object.fromEntries(
    Object.entries(parameters).map(([name, text]) => {
      const value = Number(text.trim());
      return [name, text.trim() !== '' && Number.isFinite(value) ? value : text];
    }),
  );
}

export function readTemplateForm(values: TemplateFormValues): TemplateFormResult {
  const parameters = parameterValues(values.parameters);
  const symbols = parseSymbols(values.symbols);
  const parsed = definitionFromTemplate(values.templateId, parameters, { symbols, interval: values.interval });
  if (!parsed.ok) {
    const renamed = parsed.errors.map((error) => ({
      ...error,
      field: error.field.replace(/^params\./, 'parameters.'),
    }));
    return { ok: false, errors: errorsByField(renamed) };
  }
  return { ok: true, definition: parsed.definition, parameters: parameters as Record<string, number>, symbols };
}
