import { MenuItem, TextField } from '@mui/material';
import { attendanceTexts as T } from '@ajar/shared/attendance/attendance.constants';
import { useProgramOptions, useTopicOptions, type FilterOption } from '../api/get-filter-options';

export interface AttendanceFiltersProps {
  programId: string;
  topicId: string;
  onChange: (changes: Record<string, string | null>) => void;
}

function OptionSelect({
  label,
  allLabel,
  value,
  options,
  disabled,
  onSelect,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: FilterOption[] | undefined;
  disabled?: boolean;
  onSelect: (id: string) => void;
}) {
  // A value not (yet) among the options shows as "all" rather than an out-of-range warning.
  const known = options?.some((o) => o.id === value) ? value : '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={known}
      disabled={disabled}
      onChange={(event) => onSelect(event.target.value)}
      sx={{ minWidth: 220, maxWidth: { sm: 320 } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options?.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Program and Topik dropdowns (spec 01 §2); the topics are those of the chosen program. */
export function AttendanceFilters({ programId, topicId, onChange }: AttendanceFiltersProps) {
  const programs = useProgramOptions();
  const topics = useTopicOptions(programId);
  return (
    <>
      <OptionSelect
        label={T.program}
        allLabel={T.allPrograms}
        value={programId}
        options={programs.data}
        onSelect={(id) => onChange({ program_id: id || null, topic_id: null, page: null })}
      />
      <OptionSelect
        label={T.topic}
        allLabel={T.allTopics}
        value={topicId}
        options={programId ? topics.data : []}
        disabled={!programId}
        onSelect={(id) => onChange({ topic_id: id || null, page: null })}
      />
    </>
  );
}
