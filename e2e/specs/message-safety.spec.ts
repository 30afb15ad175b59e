// A member's message cannot harm the caseworker who reads it: html that tries to cover the whole
// conversation (a fixed, full-screen box on top of everything) stays inside its own message, and the
// rest of the page can still be seen and used.
import { MSG } from '@bridge-talk/contract';
import { activeEntity } from '../support/accounts.js';
import { familyWithConversation } from '../support/family-data.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/sign-in.js';

const OVERLAY =
  '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:#fff;z-index:9999" class="mantine-Modal-overlay">Fake screen</div>';

test('a member’s overlay stays inside its message: the log and EXPORT can still be seen and used', async ({
  page,
  request,
}) => {
  const agency = await activeEntity(request);
  const family = await familyWithConversation(
    request,
    agency,
    { child: 'Sage Safety', parent: 'Pia Parent', birth: 'Bob Birth' },
    { birth: [OVERLAY, '<p>An ordinary message from the birth family.</p>'], parent: '<p>Thank you.</p>' },
  );

  await signIn(page, 'entity', agency.email, agency.password);
  await page.goto(`/manage-families/${family.groupId}/channel/${family.channelId}`);
  const log = page.getByRole('log', { name: MSG.conversations.messagesLabel });
  const overlay = log.getByText('Fake screen');
  await expect(overlay).toBeVisible();

  const overlayBox = await overlay.boundingBox();
  const messageBox = await log.getByTestId('message-body').filter({ hasText: 'Fake screen' }).boundingBox();
  expect(overlayBox).not.toBeNull();
  expect(messageBox).not.toBeNull();
  expect(overlayBox!.x).toBeGreaterThanOrEqual(messageBox!.x);
  expect(overlayBox!.y).toBeGreaterThanOrEqual(messageBox!.y);
  expect(overlayBox!.x + overlayBox!.width).toBeLessThanOrEqual(messageBox!.x + messageBox!.width);
  expect(overlayBox!.y + overlayBox!.height).toBeLessThanOrEqual(messageBox!.y + messageBox!.height);

  // Seen and reachable: a trial click fails when something else would receive the click.
  const ordinary = log.getByText('An ordinary message from the birth family.');
  await expect(ordinary).toBeVisible();
  await ordinary.click({ trial: true });
  const exportButton = page.getByRole('button', { name: MSG.families.export });
  await expect(exportButton).toBeVisible();
  await exportButton.click({ trial: true });

  // Nothing a message holds is taken out of the flow, nor keeps a style or a class of its own.
  const escaping = await log.getByTestId('message-html').evaluateAll((containers) =>
    containers
      .flatMap((container) => [...container.querySelectorAll('*')])
      .filter(
        (element) =>
          ['fixed', 'absolute', 'sticky'].includes(getComputedStyle(element).position) ||
          element.hasAttribute('style') ||
          element.hasAttribute('class'),
      )
      .map((element) => element.outerHTML),
  );
  expect(escaping).toEqual([]);
});
