// Account settings (entity): how the sign-in e-mail hears of reported messages. Saved as soon as it is
// chosen; the e-mails name the family and the channel, never the message.
import { MSG, type ReportAlertMode } from '@bridge-talk/contract';
import { Paper, Radio, Stack } from '@mantine/core';
import { ApiError } from '../../../shared/api/api-client.js';
import { LoadError } from '../../../shared/ui/load-error.js';
import { notify } from '../../../shared/ui/notify.js';
import { useReportAlerts, useSaveReportAlerts } from '../api/reports.js';

export function ReportAlertsSetting() {
  const setting = useReportAlerts();
  const save = useSaveReportAlerts();
  return (
    <Paper withBorder p="xl" radius="md" maw={760} mt="lg">
      {setting.isError ? (
        <LoadError onRetry={() => void setting.refetch()} />
      ) : (
        <Radio.Group
          label={MSG.alerts.settingTitle}
          description={MSG.alerts.settingHint}
          styles={{ label: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 700 } }}
          value={save.isPending ? save.variables.mode : (setting.data?.mode ?? '')}
          onChange={(mode) =>
            save.mutate(
              { mode: mode as ReportAlertMode },
              {
                onSuccess: (answer) => notify.success(answer.message),
                onError: (failure) =>
                  notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong),
              },
            )
          }
        >
          <Stack gap="sm" mt="sm">
            <Radio value="immediate" label={MSG.alerts.immediate} disabled={setting.isPending} />
            <Radio value="daily" label={MSG.alerts.daily} disabled={setting.isPending} />
          </Stack>
        </Radio.Group>
      )}
    </Paper>
  );
}
