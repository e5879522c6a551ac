import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { UploadInformation, emptyInfo } from '@/components/media-picker/media-info-panel';
import { pasteCutMessage } from './use-paste-cut-notice';

afterEach(cleanup);

/** A paste as the browser does it at a `maxLength` field: the event, then the cut value. */
function pasteInto(box: HTMLInputElement | HTMLTextAreaElement, text: string, max: number) {
  const paste = createEvent.paste(box);
  Object.defineProperty(paste, 'clipboardData', { value: { getData: () => text } });
  fireEvent(box, paste);
  fireEvent.change(box, { target: { value: (box.value + text).slice(0, max) } });
}

function ResellerName() {
  const { control } = useForm({ defaultValues: { fullname: '' } });
  return (
    <FormTextField
      control={control}
      name="fullname"
      label="Nama"
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  );
}

describe('a paste cut at a field limit', () => {
  it('is said at a form field (reseller name, 100) until the text is shortened', () => {
    render(<ResellerName />);
    const box = screen.getByRole('textbox', { name: 'Nama' }) as HTMLInputElement;
    pasteInto(box, 'n'.repeat(150), 100);
    expect(box.value).toHaveLength(100);
    expect(screen.getByText(pasteCutMessage(100))).toBeTruthy();
    fireEvent.change(box, { target: { value: 'n'.repeat(99) } });
    expect(screen.queryByText(pasteCutMessage(100))).toBeNull();

    fireEvent.change(box, { target: { value: '' } });
    pasteInto(box, 'pendek', 100);
    expect(screen.queryByText(pasteCutMessage(100))).toBeNull();
  });

  it('is said at the media description (5,000)', () => {
    let info = { ...emptyInfo };
    const { rerender } = render(
      <UploadInformation
        info={info}
        errors={{}}
        disabled={false}
        onChange={(name, value) => {
          info = { ...info, [name]: value };
        }}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    pasteInto(box, 'd'.repeat(6000), 5000);
    rerender(<UploadInformation info={info} errors={{}} disabled={false} onChange={() => {}} />);
    expect(screen.getByText(pasteCutMessage(5000))).toBeTruthy();
  });
});
