import { Button, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useFormDialog } from '../../../components/dialog/useFormDialog';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/form/TextField';
import { toast } from '../../../components/toast/toaster';
import type { StrategyTemplatesQuery } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { parameterDefaults, TemplateParameterFields } from '../config/TemplateParameterFields';
import { serverFieldErrors } from '../fieldErrors';
import { useCreateStrategy } from '../mutations';
import { strategyTemplatesQuery } from '../queries';
import { parseSymbols } from '../strategyFormat';

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
 * schema (range, step, default), a name and symbols. The server's refusals are shown at the fields they name.
 */
export function NewStrategyDialog() {
  const templatesQuery = useQuery(strategyTemplatesQuery());
  const templates = templatesQuery.data?.strategyTemplates ?? [];
  const form = useFormDialog(() => initialValues(templates));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateStrategy();
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

  const submit = () => {
    form.setShowErrors(true);
    setFormError(null);
    setServerErrors({});
    if (!template || Object.keys(clientErrors(values, template)).length > 0) return;
    create.mutate(
      {
        name: values.name.trim(),
        templateId: template.id,
        parameters: Object.fromEntries(template.parameters.map((p) => [p.name, Number(values.parameters[p.name])])),
        symbols: parseSymbols(values.symbols),
      },
      {
        onSuccess: ({ createStrategy }) => {
          form.close();
          toast({ title: 'Strategy created', description: `${createStrategy.name} (v${createStrategy.version})` });
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setServerErrors(fields);
          if (Object.keys(fields).length === 0) setFormError(errorText(error));
        },
      },
    );
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
      submitting={create.isPending}
      onSubmit={submit}
    >
      {templates.length === 0 ? (
        <SkeletonText noOfLines={6} gap="3" aria-label="Loading templates" />
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
