// The app's forms: react-hook-form that checks a field as soon as it is left (mode 'onTouched'), and
// again as it changes from then on. A field is often left by pressing a link or a button, and the
// message its check shows would move that link or button before the press is released: so a check that
// starts during a press waits for the click (pointer-press.ts), and every link works on the first click
// whatever field has focus.
import { useEffect } from 'react';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { afterPointerPress, listenForPointerPresses } from './pointer-press.js';
import { useUnsavedChanges } from './unsaved-changes-store.js';

export function useBlurValidatedForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(
  props: Omit<UseFormProps<TFieldValues, TContext, TTransformedValues>, 'mode'> & {
    /** An editing form of a page: leaving it with unsaved changes asks first (unsaved-changes.tsx). */
    guardUnsaved?: boolean;
  },
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  useEffect(listenForPointerPresses, []);
  const { resolver, guardUnsaved = false, ...rest } = props;
  const form = useForm({
    ...rest,
    mode: 'onTouched',
    resolver: resolver && holdDuringPointerPress(resolver),
  });
  const { isDirty, isSubmitSuccessful } = form.formState;
  useUnsavedChanges(guardUnsaved && isDirty && !isSubmitSuccessful);
  return form;
}

function holdDuringPointerPress<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  resolver: Resolver<TFieldValues, TContext, TTransformedValues>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  return async (values, context, options) => {
    await afterPointerPress();
    return resolver(values, context, options);
  };
}
