import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/api-error';
import { useAlertStore } from './alert-store';
import { ExportChoiceModal, chosenExport } from './export-choice';

describe('chosenExport', () => {
  it('a report needs a period and a format; a list download only a format', () => {
    expect(chosenExport({ period: '', format: '' }, true)).toBeNull();
    expect(chosenExport({ period: 'weekly', format: '' }, true)).toBeNull();
    expect(chosenExport({ period: '', format: 'csv' }, true)).toBeNull();
    expect(chosenExport({ period: 'weekly', format: 'csv' }, true)).toEqual({
      period: 'weekly',
      format: 'csv',
    });
    expect(chosenExport({ period: '', format: '' }, false)).toBeNull();
    expect(chosenExport({ period: '', format: 'pdf' }, false)).toEqual({ format: 'pdf' });
  });
});

describe('ExportChoiceModal', () => {
  it('enables Download only once period and format are chosen, then downloads and closes', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(
      <ExportChoiceModal title="Report" withPeriod onClose={onClose} onDownload={onDownload} />,
    );
    const button = screen.getByRole('button', { name: 'Download' });
    expect(button).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('Report period'), 'monthly');
    expect(button).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('Format'), 'csv');
    expect(button).toHaveProperty('disabled', false);
    await user.click(button);
    expect(onDownload).toHaveBeenCalledWith({ period: 'monthly', format: 'csv' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a failed download shows base:errors.download_file (no answer) and stays open', async () => {
    const user = userEvent.setup();
    useAlertStore.getState().clear();
    const onClose = vi.fn();
    render(
      <ExportChoiceModal
        title="Download"
        withPeriod={false}
        onClose={onClose}
        onDownload={() => Promise.reject(new ApiError({ status: 0, code: null, message: '' }))}
      />,
    );
    expect(screen.queryByLabelText('Report period')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Format'), 'txt');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(useAlertStore.getState().alerts.map((alert) => alert.content)).toContain(
        'Failed to download the file.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
