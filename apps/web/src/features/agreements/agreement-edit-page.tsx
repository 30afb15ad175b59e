// /manage-families/{id}/agreement/edit: write the family's contact agreement, or a new version of it
// from a later day (the form starts from the current version). Checked by the contract's schema as
// the fields are left and on the server at save; a refusal is shown under its field.
import {
  AGREEMENT_ITEM_KINDS,
  AGREEMENT_ITEMS_MAX,
  AGREEMENT_MSG,
  AGREEMENT_SIDES,
  MSG,
  todayIsoDate,
  ZSaveAgreementRequest,
} from '@bridge-talk/contract';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { showServerFieldErrors } from '../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { FormActions } from '../../shared/ui/form-actions.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { familyCrumbs, isMissingFamily, useFamilyOfPage } from '../families/index.js';
import {
  type AgreementFormValues,
  formFieldOf,
  initialValues,
  newItem,
  otherSide,
  toRequest,
} from './agreement-form-values.js';
import { agreementPath } from './agreement-paths.js';
import { useAgreement, useSaveAgreement } from './api/agreements.js';

const T = AGREEMENT_MSG;

/** The browser's zone: the agency's, most likely, for a first agreement. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function AgreementEditPage() {
  const { id = '' } = useParams();
  const { name } = useFamilyOfPage(id);
  const answer = useAgreement(id);
  const title = answer.data?.agreement ? T.edit : T.write;
  return (
    <>
      <PageHeader
        title={title}
        back={agreementPath(id)}
        breadcrumbs={[
          ...familyCrumbs(id, name, T.title).slice(0, -1),
          { label: T.title, to: agreementPath(id) },
          { label: title },
        ]}
        info={T.effectiveFromHint}
      />
      {answer.isError ? (
        <MissingOrFailed missing={isMissingFamily(answer.error)} />
      ) : (
        <LoadingOverlay visible={answer.isPending}>
          {answer.data && (
            <AgreementForm
              groupId={id}
              initial={initialValues(answer.data.agreement, todayIsoDate(), browserZone())}
            />
          )}
        </LoadingOverlay>
      )}
    </>
  );
}

/** Errors set on the form from a path such as 'items.0.months'. */
function errorsOf(issues: { path: string; message: string }[]): FieldErrors<AgreementFormValues> {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of issues) {
    const keys = path.split('.');
    let node = errors;
    for (let depth = 0; depth < keys.length - 1; depth += 1) {
      const key = keys[depth]!;
      // An item's index is the next key: its parent is a list, as react-hook-form keeps the items' errors.
      node[key] ??= /^\d+$/.test(keys[depth + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
    // The first refusal of a field is the one shown.
    node[keys.at(-1)!] ??= { type: 'validate', message };
  }
  return errors as FieldErrors<AgreementFormValues>;
}

/** The request's schema, on the request the form's values make; its refusals on the form's fields. */
const resolver: Resolver<AgreementFormValues> = async (values) => {
  const parsed = ZSaveAgreementRequest.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const issues = parsed.error.issues.flatMap((issue) => {
    const field = formFieldOf(issue.path.join('.'), values);
    return field ? [{ path: field, message: issue.message }] : [];
  });
  return { values: {}, errors: errorsOf(issues) };
};

function AgreementForm({ groupId, initial }: { groupId: string; initial: AgreementFormValues }) {
  const navigate = useNavigate();
  const save = useSaveAgreement(groupId);
  const form = useBlurValidatedForm<AgreementFormValues>({
    guardUnsaved: true,
    resolver,
    defaultValues: initial,
  });
  // The items are kept as a list of the form's own, not with the library's field arrays: those would
  // join the sign-in page's download (the library is in it for the login form).
  const items = useWatch({ control: form.control, name: 'items' });
  // Removing an item renumbers those after it: they are shown afresh, each reading its new place.
  const [generation, setGeneration] = useState(0);
  const setItems = (next: AgreementFormValues['items']) =>
    form.setValue('items', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const { errors, isSubmitting } = form.formState;
  // The browser's list leaves out UTC (and may not hold a zone an older version was written in).
  const zones = useMemo(
    () => [...new Set(['UTC', initial.timeZone, ...Intl.supportedValuesOf('timeZone')])],
    [initial.timeZone],
  );
  const today = todayIsoDate();
  const timeZone = useWatch({ control: form.control, name: 'timeZone' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toRequest(values));
      notify.success(T.saved);
      navigate(agreementPath(groupId));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const shown = showServerFieldErrors(
          form.setError,
          failure.fields,
          (field) => formFieldOf(field, values) as FieldPath<AgreementFormValues> | null,
        );
        if (!shown) notify.error(failure.message);
        return;
      }
      notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={T.title}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={T.effectiveFromLabel}
              required
              error={errors.effectiveFrom?.message}
              {...form.register('effectiveFrom')}
            />
            <Select
              label={T.timeZoneLabel}
              required
              searchable
              allowDeselect={false}
              data={zones}
              value={timeZone}
              onChange={(zone) =>
                form.setValue('timeZone', zone ?? '', { shouldDirty: true, shouldValidate: true })
              }
              error={errors.timeZone?.message}
            />
            <TextInput
              label={T.reminderDaysLabel}
              inputMode="numeric"
              required
              error={errors.reminderDays?.message}
              {...form.register('reminderDays')}
            />
            <TextInput
              type="date"
              label={T.childBirthDateLabel}
              description={T.childBirthDateHint}
              max={today}
              error={errors.childBirthDate?.message}
              {...form.register('childBirthDate')}
            />
          </SimpleGrid>
        </Paper>
        {items.map((_, index) => (
          <ItemFields
            // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list; a removal renews every key.
            key={`${generation}:${index}`}
            form={form}
            index={index}
            onRemove={
              items.length > 1
                ? () => {
                    setItems(form.getValues('items').filter((__, at) => at !== index));
                    setGeneration((g) => g + 1);
                  }
                : undefined
            }
          />
        ))}
        {errors.items?.root?.message || errors.items?.message ? (
          <Text c="red.8" size="sm" role="alert">
            {errors.items?.root?.message ?? errors.items?.message}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={items.length >= AGREEMENT_ITEMS_MAX}
            onClick={() => setItems([...form.getValues('items'), newItem(today)])}
          >
            {T.addItem}
          </Button>
        </Group>
        <FormActions back={agreementPath(groupId)} submitLabel={MSG.common.save} submitting={isSubmitting} />
      </Stack>
    </form>
  );
}

function ItemFields({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturn<AgreementFormValues>;
  index: number;
  onRemove: (() => void) | undefined;
}) {
  const item = useWatch({ control: form.control, name: `items.${index}` });
  const errors = form.formState.errors.items?.[index];
  const choose = (name: 'kind' | 'giver' | 'frequencyType' | 'untilType') => (value: string | null) => {
    if (value !== null) form.setValue(`items.${index}.${name}`, value as never, { shouldDirty: true });
  };
  return (
    <Fieldset legend={T.itemHeading(index + 1)} radius="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={T.kindField}
            required
            allowDeselect={false}
            data={AGREEMENT_ITEM_KINDS.map((kind) => ({ value: kind, label: T.kindLabel(kind) }))}
            value={item.kind}
            onChange={choose('kind')}
            error={errors?.kind?.message}
          />
          <Select
            label={T.giverField}
            description={`${T.receiverField}: ${T.sideLabel(otherSide(item.giver))}`}
            required
            allowDeselect={false}
            data={AGREEMENT_SIDES.map((side) => ({ value: side, label: T.sideLabel(side) }))}
            value={item.giver}
            onChange={choose('giver')}
            error={errors?.giver?.message}
          />
          <Select
            label={T.frequencyField}
            required
            allowDeselect={false}
            data={[
              { value: 'everyMonths', label: T.frequencyEveryMonths },
              { value: 'yearlyDates', label: T.frequencyYearlyDates },
              { value: 'birthday', label: T.frequencyBirthday },
              { value: 'once', label: T.frequencyOnce },
            ]}
            value={item.frequencyType}
            onChange={choose('frequencyType')}
          />
          {item.frequencyType === 'everyMonths' && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label={T.monthsField}
                inputMode="numeric"
                required
                error={errors?.months?.message}
                {...form.register(`items.${index}.months`)}
              />
              <TextInput
                type="date"
                label={T.startField}
                required
                error={errors?.start?.message}
                {...form.register(`items.${index}.start`)}
              />
            </SimpleGrid>
          )}
          {item.frequencyType === 'yearlyDates' && (
            <TextInput
              label={T.datesField}
              placeholder="06-01, 12-15"
              required
              error={errors?.dates?.message}
              {...form.register(`items.${index}.dates`)}
            />
          )}
          {item.frequencyType === 'once' && (
            <TextInput
              type="date"
              label={T.onceDateField}
              required
              error={errors?.onceDate?.message}
              {...form.register(`items.${index}.onceDate`)}
            />
          )}
          <Select
            label={T.untilField}
            allowDeselect={false}
            data={[
              { value: 'none', label: T.untilNone },
              { value: 'date', label: T.untilDateOption },
              { value: 'childAge', label: T.untilAgeOption },
            ]}
            value={item.untilType}
            onChange={choose('untilType')}
          />
          {item.untilType === 'date' && (
            <TextInput
              type="date"
              label={T.untilDateField}
              required
              error={errors?.untilDate?.message}
              {...form.register(`items.${index}.untilDate`)}
            />
          )}
          {item.untilType === 'childAge' && (
            <TextInput
              label={T.untilAgeField}
              inputMode="numeric"
              required
              error={errors?.untilAge?.message}
              {...form.register(`items.${index}.untilAge`)}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={T.noteField}
          rows={2}
          error={errors?.note?.message}
          {...form.register(`items.${index}.note`)}
        />
        {onRemove && (
          <Group justify="flex-end">
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={T.removeItem(index + 1)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
