import type { ContentFormProps } from './content-form-props';
import { DescriptionField } from './description-field';

/** The plain description forms (spec 02 §2): a description only. */
export function DescriptionContentForm({ control }: ContentFormProps) {
  return <DescriptionField control={control} />;
}
