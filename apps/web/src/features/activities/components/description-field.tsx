import { Controller, type Control } from 'react-hook-form';
import { RichTextEditor } from '@/components/rich-text-editor';
import type { ActivityFormValues } from '../lib/activity-form-model';

/** Spec 02 §9: the video description editor is 350 px high; the others grow up to 400 px. */
export const editorHeights = {
  video: { minHeight: 350, maxHeight: 350 },
  other: { minHeight: 160, maxHeight: 400 },
} as const;

export interface DescriptionFieldProps {
  control: Control<ActivityFormValues>;
  height?: keyof typeof editorHeights;
}

/** The HTML description of every content form ('Deskripsi'). */
export function DescriptionField({ control, height = 'other' }: DescriptionFieldProps) {
  return (
    <Controller
      control={control}
      name="content.description"
      render={({ field, fieldState }) => (
        <RichTextEditor
          label="Deskripsi"
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          {...editorHeights[height]}
        />
      )}
    />
  );
}
