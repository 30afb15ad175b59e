// /add-new-family: the wizard (reading A, docs/architecture.md) — 1 Payment Details, 2 Enter Child's
// Name and Select Plan, 3 Add Family Details — with a progress bar and a back arrow (3→2, 2→1).
// Step 1 creates the family; its id is kept in local storage (`groupId`) and, with the step, in the
// address (`?step=2&groupId=…`), so a reload or a link resumes where the user was. Without a step in
// the address the family's own state decides: not named yet → step 2, named → step 3. The address
// alone says which family: `/add-new-family` (the side menu) always starts a new one, and an
// unfinished family is resumed from the families list. Each step is its own history entry, so the
// browser's Back and Forward move between the steps of the same family.
import { MSG } from '@bridge-talk/contract';
import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { clearFamilyDrafts, storedGroupId, storeGroupId } from '../../shared/session/storage.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useFamily } from './api/get-family.js';
import { WizardChildPlanStep } from './components/wizard-child-plan-step.js';
import { WizardFamilyStep } from './components/wizard-family-step.js';
import { WizardPaymentStep } from './components/wizard-payment-step.js';
import { wizardPath } from './wizard-path.js';

const STEPS = [MSG.wizard.stepPaymentDetails, MSG.wizard.stepChildAndPlan, MSG.wizard.stepFamilyDetails];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function AddFamilyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linked = params.get('groupId');
  const groupId = linked && UUID.test(linked) ? linked : null;
  const requested = Number(params.get('step'));
  const family = useFamily(groupId ?? '', { enabled: groupId !== null });
  const gone = family.error instanceof ApiError && family.error.status === 404;

  // The family in the address is the one being made: keep it for a later visit.
  useEffect(() => {
    if (groupId && !gone && groupId !== storedGroupId()) storeGroupId(groupId);
  }, [groupId, gone]);
  // A new family: an earlier unfinished one is no longer the one being made.
  useEffect(() => {
    if (groupId === null && storedGroupId() !== null) storeGroupId(null);
  }, [groupId]);
  // A family that no longer exists (finished elsewhere, or not this entity's): start afresh.
  useEffect(() => {
    if (gone) {
      storeGroupId(null);
      navigate('/add-new-family', { replace: true });
    }
  }, [gone, navigate]);

  let step = 1;
  if (groupId && family.data) {
    const named = family.data.name !== null;
    step = [1, 2, 3].includes(requested) ? requested : named ? 3 : 2;
    // The family step needs the child's name and the plan first.
    if (step === 3 && !named) step = 2;
  }
  const go = (next: number, id: string | null = groupId) => navigate(wizardPath(next, id));
  // Each step is an entry of the same family in the history: the first save turns the bare address
  // into this family's step 1 before step 2 is pushed, so Back returns to it, never to a new family.
  const paymentSaved = async (id: string) => {
    if (groupId === null) await navigate(wizardPath(1, id), { replace: true });
    await go(2, id);
  };
  const startOver = () => {
    storeGroupId(null);
    clearFamilyDrafts();
    navigate('/add-new-family');
  };

  const waiting = groupId !== null && family.isPending;
  return (
    <>
      <PageHeader
        title={MSG.nav.addNewFamily}
        breadcrumbs={[
          { label: MSG.nav.manageFamilies, to: '/manage-families' },
          { label: MSG.nav.addNewFamily },
        ]}
        back={step > 1 ? wizardPath(step - 1, groupId) : undefined}
      />
      <Paper withBorder p="xl" radius="md" maw={960}>
        {family.isError && !gone ? (
          <LoadError onRetry={() => void family.refetch()} />
        ) : (
          <LoadingOverlay visible={waiting}>
            <Stack gap="lg">
              <Stack gap={6}>
                <Group justify="space-between" align="baseline">
                  <Text size="sm" c="dimmed">
                    Step {step} of {STEPS.length}
                  </Text>
                  {groupId && (
                    <Anchor component="button" type="button" size="sm" onClick={startOver}>
                      {MSG.wizard.startOver}
                    </Anchor>
                  )}
                </Group>
                <Title order={2} size="h3">
                  {STEPS[step - 1]}
                </Title>
                <Progress
                  value={(step / STEPS.length) * 100}
                  aria-label={`Step ${step} of ${STEPS.length}`}
                  size="md"
                  radius="xl"
                />
                <Group gap="lg" wrap="wrap" aria-hidden>
                  {STEPS.map((label, index) => (
                    <Text
                      key={label}
                      size="xs"
                      c={index + 1 <= step ? 'blue.8' : 'dimmed'}
                      fw={index + 1 === step ? 700 : 400}
                    >
                      {index + 1}. {label}
                    </Text>
                  ))}
                </Group>
              </Stack>
              {!waiting && step === 1 && (
                <WizardPaymentStep groupId={groupId} onDone={paymentSaved} onSkip={() => go(2)} />
              )}
              {!waiting && step === 2 && groupId && family.data && (
                <WizardChildPlanStep family={family.data} onDone={() => go(3)} onChangeCard={() => go(1)} />
              )}
              {!waiting && step === 3 && groupId && family.data && (
                <WizardFamilyStep
                  family={family.data}
                  onDone={() => {
                    storeGroupId(null);
                    navigate(`/manage-families/${groupId}/details`);
                  }}
                />
              )}
            </Stack>
          </LoadingOverlay>
        )}
      </Paper>
    </>
  );
}
