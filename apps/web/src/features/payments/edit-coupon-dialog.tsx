// A coupon's name and redemption limit, changed in a dialog of the coupons list. The discount and the
// plans stay as they are: families were charged with them (a new coupon is made instead).
import { type AdminCoupon, type EditCouponForm, MSG, ZEditCouponForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '../../shared/api/api-client.js';
import { refusalMessage } from '../../shared/api/refusal-message.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../shared/ui/notify.js';
import { useEditCoupon } from './api/edit-coupon.js';

export function EditCouponDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const edit = useEditCoupon();
  const form = useBlurValidatedForm<EditCouponForm>({
    resolver: zodResolver(ZEditCouponForm),
    defaultValues: { name: coupon.name, maxRedemptions: coupon.max_redemptions?.toString() ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await edit.mutateAsync({
        id: coupon.id,
        input: {
          name: values.name.trim(),
          max_redemptions: values.maxRedemptions === '' ? null : Number(values.maxRedemptions),
        },
      });
      notify.success(MSG.payments.couponSaved);
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.max_redemptions : undefined;
      if (field) form.setError('maxRedemptions', { message: field });
      else notify.error(refusalMessage(error, MSG.common.somethingWrong));
    }
  });
  return (
    <Modal opened onClose={onClose} title={`${MSG.payments.editCoupon} ${coupon.id}`} centered>
      <form onSubmit={submit} noValidate aria-label={MSG.payments.editCoupon}>
        <Stack>
          <TextInput label="Name" required error={errors.name?.message} {...form.register('name')} />
          <TextInput
            label={MSG.fields.maxRedemptions}
            inputMode="numeric"
            description="Leave empty for no limit"
            error={errors.maxRedemptions?.message}
            {...form.register('maxRedemptions')}
          />
          <Text size="sm" c="dimmed">
            {MSG.payments.couponEditHint}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              {MSG.common.back}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {MSG.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
