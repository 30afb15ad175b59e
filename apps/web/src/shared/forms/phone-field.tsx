// The masked phone input bound to a react-hook-form field: the forms that ask for a phone number
// (sign-up, an entity, payment details) bind it the same way; a field that may hold null shows empty.
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { PhoneInput, type PhoneInputProps } from '../ui/phone-input.js';

export interface PhoneFieldProps<T extends FieldValues>
  extends Omit<PhoneInputProps, 'value' | 'onChange' | 'onBlur' | 'name'> {
  control: Control<T>;
  name: FieldPathByValue<T, string | null | undefined>;
}

export function PhoneField<T extends FieldValues>({ control, name, ...props }: PhoneFieldProps<T>) {
  const { field } = useController({ control, name });
  return (
    <PhoneInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
