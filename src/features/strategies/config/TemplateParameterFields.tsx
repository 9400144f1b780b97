import { NumberField } from '../../../components/form/NumberField';

/** A template's parameter as the API describes it (`strategyTemplates { parameters }`). */
export interface TemplateParameterSchema {
  name: string;
  label: string;
  type: string;
  default: number;
  min: number;
  max: number;
  step: number;
  description: string;
}

interface TemplateParameterFieldsProps {
  parameters: readonly TemplateParameterSchema[];
  /** Parameter name → the text typed. */
  values: Readonly<Record<string, string>>;
  onChange(name: string, value: string): void;
  /** Errors keyed `parameters.<name>` (the client's check or the server's message). */
  errors: Readonly<Record<string, string | undefined>>;
}

/**
 * A template's parameters as a form built from its schema: one number field each, with its range, step and
 * default in the helper text; a value outside the range is kept so that its error shows at the field. Used by the
 * "New strategy" dialog and the configuration page.
 */
export function TemplateParameterFields({ parameters, values, onChange, errors }: TemplateParameterFieldsProps) {
  return parameters.map((parameter) => (
    <NumberField
      key={parameter.name}
      label={parameter.label}
      value={values[parameter.name] ?? ''}
      onChange={(value) => onChange(parameter.name, value)}
      min={parameter.min}
      max={parameter.max}
      step={parameter.step}
      fractionDigits={parameter.type === 'integer' ? 0 : undefined}
      helper={`${parameter.description} ${parameter.min}–${parameter.max}, default ${parameter.default}.`}
      error={errors[`parameters.${parameter.name}`]}
    />
  ));
}

/** Each parameter's default as text (a new form). */
export function parameterDefaults(parameters: readonly TemplateParameterSchema[]): Record<string, string> {
  return Object.fromEntries(parameters.map((p) => [p.name, String(p.default)]));
}
