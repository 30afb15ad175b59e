// 'Mark given' and 'Excuse' on a window of an item: the day it was given (within the window, or the
// grace days after its due date, and not in the future) with a note of who and what, or the reason it
// is excused. Checked by the contract's schema here and on the server; a 400 names its field, a 409
// (marked meanwhile) closes the dialog and the page shows the window as it now is.
import {
  AGREEMENT_MSG,
  type AgreementItem,
  type AgreementWindowView,
  addCalendarDays,
  formatDate,
  LATE_GRACE_DAYS,
  MSG,
  ZMarkAgreementWindowRequest,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/api-client.js';
import { sameName, showServerFieldErrors } from '../../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { Dialog } from '../../../shared/ui/dialog.js';
import { notify } from '../../../shared/ui/notify.js';
import { useMarkWindow } from '../api/agreements.js';

const T = AGREEMENT_MSG;

export interface MarkTarget {
  type: 'given' | 'excused';
  item: AgreementItem;
  window: AgreementWindowView;
}

interface MarkForm {
  date: string;
  note: string;
}

const [givenRequest, excusedRequest] = ZMarkAgreementWindowRequest.options;
// The form always holds a note (empty at first): the request's default for a missing one is not needed.
const GIVEN_FORM = z.object({ date: givenRequest.shape.date, note: givenRequest.shape.note.unwrap() });
const EXCUSED_FORM = z.object({ date: z.string(), note: excusedRequest.shape.note });

/** The last day the window may be marked given: its cut, or its due date's grace, and never after today. */
function lastDay(window: AgreementWindowView, today: string): string {
  const last = window.cutAt ?? addCalendarDays(window.due, LATE_GRACE_DAYS);
  return last < today ? last : today;
}

export function MarkWindowDialog({
  groupId,
  target,
  today,
  onClose,
}: {
  groupId: string;
  target: MarkTarget | null;
  today: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      opened={target !== null}
      onClose={onClose}
      title={target?.type === 'excused' ? T.excuseTitle : T.markGivenTitle}
      centered
      closeButtonProps={{ 'aria-label': MSG.conversations.close }}
    >
      {target && (
        <MarkWindowForm
          key={`${target.item.id}:${target.window.due}:${target.type}`}
          groupId={groupId}
          target={target}
          today={today}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function MarkWindowForm({
  groupId,
  target,
  today,
  onClose,
}: {
  groupId: string;
  target: MarkTarget;
  today: string;
  onClose: () => void;
}) {
  const { type, item, window } = target;
  const mark = useMarkWindow(groupId);
  const last = lastDay(window, today);
  const form = useBlurValidatedForm<MarkForm>({
    resolver: zodResolver(type === 'given' ? GIVEN_FORM : EXCUSED_FORM),
    defaultValues: { date: type === 'given' ? last : '', note: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ date, note }) => {
    try {
      await mark.mutateAsync(
        type === 'given'
          ? { type, itemId: item.id, due: window.due, date, note }
          : { type, itemId: item.id, due: window.due, note },
      );
      notify.success(T.marked);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const shown = showServerFieldErrors(
          form.setError,
          failure.fields,
          sameName(['date', 'note'] as const),
        );
        if (!shown) notify.error(failure.message);
        return;
      }
      notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404)) onClose();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {T.itemTitle(item)} — {T.columnDue} {formatDate(window.due)}
        </Text>
        {type === 'given' && (
          <TextInput
            type="date"
            label={T.givenDateLabel}
            description={T.windowRange(formatDate(window.from), formatDate(last))}
            min={window.from}
            max={last}
            required
            error={errors.date?.message}
            data-autofocus
            {...form.register('date')}
          />
        )}
        <Textarea
          label={type === 'given' ? T.givenNoteLabel : T.excuseReasonLabel}
          required={type === 'excused'}
          rows={3}
          error={errors.note?.message}
          {...(type === 'excused' ? { 'data-autofocus': true } : {})}
          {...form.register('note')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {MSG.common.back}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {type === 'given' ? T.markGiven : T.excuse}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
