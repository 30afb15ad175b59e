import { API, apiPath, MSG } from '@bridge-talk/contract';
import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../../test/render.js';
import { ExportDialog } from './export-dialog.js';

const CHANNEL = '11111111-2222-4333-8444-555555555555';
const exportPath = apiPath(API.conversations.exportRequest, { channelId: CHANNEL });

function Harness({ onFinished }: { onFinished: () => void }) {
  const [opened, setOpened] = useState(true);
  const [done, setDone] = useState(false);
  return (
    <>
      {!opened && <p>Dialog closed</p>}
      <ExportDialog
        channelId={CHANNEL}
        opened={opened}
        done={done}
        onDone={() => setDone(true)}
        onClose={() => setOpened(false)}
        onFinished={onFinished}
      />
    </>
  );
}

function renderDialog(onFinished = vi.fn()) {
  renderWithProviders(<Harness onFinished={onFinished} />, { wrapper: withToasts });
  return onFinished;
}

const email = () => screen.getByRole('textbox', { name: /^Email/ });
const retype = () => screen.getByRole('textbox', { name: /^Re-type email/ });
const confirm = () => screen.getByRole('button', { name: MSG.common.confirm });

afterEach(() => vi.unstubAllGlobals());

describe('ExportDialog', () => {
  it("says 'Email field is wrong' and 'Re-type email field is wrong', and sends nothing", async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderDialog();
    expect(screen.getByText(MSG.conversations.exportTitle)).toBeInTheDocument();
    await user.click(confirm());
    expect(await screen.findByText(MSG.validation.exportEmailWrong)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.exportRetypeEmailWrong)).toBeInTheDocument();
    await user.type(email(), 'records@');
    await user.type(retype(), 'records@agency');
    await user.click(confirm());
    expect(email()).toHaveAccessibleDescription(MSG.validation.exportEmailWrong);
    expect(retype()).toHaveAccessibleDescription(MSG.validation.exportRetypeEmailWrong);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the same address twice', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderDialog();
    await user.type(email(), 'records@agency.test');
    await user.type(retype(), 'other@agency.test');
    await user.click(confirm());
    expect(await screen.findByText(MSG.conversations.emailsDoNotMatch)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("blocks paste with 'Cannot paste email' and copy with 'Cannot copy email'", async () => {
    renderDialog();
    const paste = createEvent.paste(retype());
    fireEvent(retype(), paste);
    expect(paste.defaultPrevented).toBe(true);
    expect(await screen.findByText(MSG.validation.cannotPasteEmail)).toBeInTheDocument();
    const copy = createEvent.copy(email());
    fireEvent(email(), copy);
    expect(copy.defaultPrevented).toBe(true);
    expect(await screen.findByText(MSG.validation.cannotCopyEmail)).toBeInTheDocument();
  });

  it("requests the export, then says 'You will receive an email message soon!'; closing reloads", async () => {
    const api = stubApi({
      [`POST ${exportPath}`]: () => jsonResponse({ message: MSG.families.exportRequested, exportId: 'e1' }),
    });
    const user = userEvent.setup();
    const onFinished = renderDialog();
    await user.type(email(), ' Records@Agency.test ');
    await user.type(retype(), 'records@agency.test');
    await user.click(confirm());
    expect(await screen.findByText(MSG.families.exportRequested)).toBeInTheDocument();
    expect(api.callsTo('POST', exportPath)).toEqual([
      { method: 'POST', path: exportPath, body: { email: 'records@agency.test' } },
    ]);
    await user.click(screen.getByRole('button', { name: MSG.conversations.close }));
    expect(onFinished).toHaveBeenCalledOnce();
  });

  it('goes back without sending', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderDialog();
    await user.type(email(), 'records@agency.test');
    await user.click(screen.getByRole('button', { name: MSG.common.back }));
    expect(await screen.findByText('Dialog closed')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field message, or the generic toast when the request fails", async () => {
    let answer = jsonResponse({ message: 'bad', fields: { email: MSG.validation.exportEmailWrong } }, 400);
    stubApi({ [`POST ${exportPath}`]: () => answer });
    const user = userEvent.setup();
    renderDialog();
    await user.type(email(), 'records@agency.test');
    await user.type(retype(), 'records@agency.test');
    await user.click(confirm());
    await waitFor(() => expect(email()).toHaveAccessibleDescription(MSG.validation.exportEmailWrong));
    answer = jsonResponse({ message: MSG.extra.notFound }, 404);
    await user.click(confirm());
    expect(await screen.findByText(MSG.common.somethingWrong)).toBeInTheDocument();
    expect(screen.queryByText(MSG.families.exportRequested)).not.toBeInTheDocument();
  });
});
