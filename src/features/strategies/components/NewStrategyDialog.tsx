import { Button, Stack, Text } from '@chakra-ui/react';
import { QueryLoading } from '../../../components/page/QueryContent';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useFormDialog } from '../../../components/dialog/useFormDialog';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { toast } from '../../../components/toast/toaster';
import { localDb } from '../../../data/db';
import { createStrategy } from '../../../data/strategies';
import type { StrategyTemplatesQuery } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { parameterDefaults, TemplateParameterFields } from '../config/TemplateParameterFields';
import { strategyTemplatesQuery } from '../queries';
import { parseSymbols } from '../strategyFormat';
import { strategyWriteVerdict } from '../writeVerdict';

type Template = StrategyTemplatesQuery['strategyTemplates'][number];

interface Values {
  templateId: string;
  /** Parameter name → the text typed. */
  parameters: Record<string, string>;
  name: string;
  symbols: string;
}

const DEFAULT_TEMPLATE_ID = 'sma-crossover';

function defaults(template: Template | undefined): Record<string, string> {
  return parameterDefaults(template?.parameters ?? []);
}

function initialValues(templates: readonly Template[]): Values {
  const template = templates.find((t) => t.id === DEFAULT_TEMPLATE_ID) ?? templates[0];
  return { templateId: template?.id ?? '', parameters: defaults(template), name: '', symbols: 'SPY' };
}

/** The client's own checks (the server checks ranges and relations and its messages are shown at the fields). */
function clientErrors(values: Values, template: Template | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.name.trim() === '') errors.name = 'Enter a name.';
  if (parseSymbols(values.symbols).length === 0) errors.symbols = 'Enter at least one symbol.';
  for (const parameter of template?.parameters ?? []) {
    const text = values.parameters[parameter.name]?.trim() ?? '';
    if (text === '' || !Number.isFinite(Number(text))) errors[`parameters.${parameter.name}`] = 'Enter a number.';
  }
  return errors;
}

/**
 * "New strategy": a template (its description shown as it is), its parameters as a form built from the template's
 * schema (range, step, default), a name and symbols. The strategy is saved on this device and sent through the
 * outbox: online, the dialog waits for the server and shows its refusals at the fields they name; offline (or the
 * server unreachable), it closes and the list shows the strategy as not synced.
 */
export function NewStrategyDialog() {
  const templatesQuery = useQuery(strategyTemplatesQuery());
  const templates = templatesQuery.data?.strategyTemplates ?? [];
  const form = useFormDialog(() => initialValues(templates));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Templates that arrive after the dialog opened: the default one is shown.
  const values: Values =
    form.values.templateId === ''
      ? { ...initialValues(templates), name: form.values.name, symbols: form.values.symbols }
      : form.values;
  const template = templates.find((t) => t.id === values.templateId);
  const errors = { ...(form.showErrors ? clientErrors(values, template) : {}), ...serverErrors };

  const chooseTemplate = (templateId: string) => {
    form.set('templateId')(templateId);
    form.set('parameters')(defaults(templates.find((t) => t.id === templateId)));
    setServerErrors({});
  };
  const setParameter = (name: string) => (value: string) => {
    form.set('templateId')(values.templateId);
    form.set('parameters')({ ...values.parameters, [name]: value });
    setServerErrors(({ [`parameters.${name}`]: _dropped, ...rest }) => rest);
  };

  const submit = async () => {
    form.setShowErrors(true);
    setFormError(null);
    setServerErrors({});
    if (!template || Object.keys(clientErrors(values, template)).length > 0) return;
    const name = values.name.trim();
    const input = {
      name,
      templateId: template.id,
      parameters: Object.fromEntries(template.parameters.map((p) => [p.name, Number(values.parameters[p.name])])),
      symbols: parseSymbols(values.symbols),
    };
    setSubmitting(true);
    try {
      const db = localDb();
      const { outboxRowId } = await createStrategy(db, input, template);
      const verdict = await strategyWriteVerdict(db, outboxRowId);
      if (verdict.kind === 'refused') {
        const { '': whole, ...fields } = verdict.fields;
        setServerErrors(fields);
        if (whole !== undefined) setFormError(whole);
        return;
      }
      form.close();
      toast(
        verdict.kind === 'sent'
          ? { title: 'Strategy created', description: `${name} (v1)` }
          : {
              title: 'Strategy saved on this device',
              description: `${name} is sent to the server when you're online.`,
            },
      );
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      {...form.dialog}
      trigger={
        <Button size="sm" colorPalette="brand">
          <LuPlus /> New strategy
        </Button>
      }
      title="New strategy"
      submitLabel="Create strategy"
      submitting={submitting}
      onSubmit={() => void submit()}
    >
      {templates.length === 0 ? (
        <QueryLoading what="Templates" skeletonLines={6} />
      ) : (
        <Stack gap="4">
          <SelectField
            label="Template"
            value={values.templateId}
            options={templates.map((t) => ({ value: t.id, label: t.name }))}
            onChange={chooseTemplate}
          />
          {template ? (
            <Text textStyle="sm" color="fg.muted" data-testid="template-description">
              {template.description}
            </Text>
          ) : null}
          {errors.templateId ? (
            <Text textStyle="sm" color="fg.error">
              {errors.templateId}
            </Text>
          ) : null}
          {template ? (
            <TemplateParameterFields
              key={template.id}
              parameters={template.parameters}
              values={values.parameters}
              onChange={(name, value) => setParameter(name)(value)}
              errors={errors}
            />
          ) : null}
          <TextField
            label="Name"
            value={values.name}
            onChange={(value) => {
              form.set('name')(value);
              setServerErrors(({ name: _dropped, ...rest }) => rest);
            }}
            placeholder="e.g. SPY trend"
            error={errors.name}
          />
          <TextField
            label="Symbols"
            value={values.symbols}
            onChange={(value) => {
              form.set('symbols')(value);
              setServerErrors(({ symbols: _dropped, ...rest }) => rest);
            }}
            helper="1 to 50 symbols, separated by commas or spaces."
            error={errors.symbols}
          />
          {formError ? (
            <Text role="alert" textStyle="sm" color="fg.error">
              {formError}
            </Text>
          ) : null}
        </Stack>
      )}
    </FormDialog>
  );
}
