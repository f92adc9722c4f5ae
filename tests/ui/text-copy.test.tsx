import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { TextCopyDialog } from '../../src/ui/kit/TextCopyDialog';

const LINK = 'https://console.example.org/registration/3q2-7bGkT0yZ';

function show() {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <TextCopyDialog open title="Registration link" text={LINK} onClose={() => {}} />
    </I18nextProvider>,
  );
}

describe('the text copy dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('copies with the Clipboard API and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard.');
  });

  it('selects the text for the keyboard when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    const field = screen.getByRole('textbox', { name: 'Text to copy' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(LINK);
    expect(screen.getByRole('status')).toHaveTextContent('Press Ctrl+C');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
