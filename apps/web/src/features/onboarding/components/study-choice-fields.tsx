import type { Catalogue } from '@blok/contract/catalogue';
import { Select } from '../../../components/ui/select/select.tsx';
import { chooseStudy, chooseUniversity, chooseYear, findStudy, findUniversity, type StudyChoice } from '../utils/study-choice.ts';

type StudyChoiceFieldsProps = {
  catalogue: Catalogue | undefined;
  choice: StudyChoice;
  onChange: (choice: StudyChoice) => void;
  labels: {
    university: string;
    study: string;
    year: string;
    universityPlaceholder: string;
    studyPlaceholder: string;
    yearPlaceholder: string;
    studyDisabledHint: string;
    yearDisabledHint: string;
  };
};

/**
 * University, study and year as dependent dropdowns, as at registration (spec section 4): a new
 * university clears study and year, a new study clears the year; each waits for the one before.
 */
export function StudyChoiceFields({ catalogue, choice, onChange, labels }: StudyChoiceFieldsProps) {
  const university = findUniversity(catalogue, choice.university);
  const study = findStudy(university, choice.study);
  return (
    <>
      <Select
        label={labels.university}
        placeholder={labels.universityPlaceholder}
        options={(catalogue?.universities ?? []).map((u) => ({ value: u.id, label: u.name }))}
        value={choice.university}
        onValueChange={(id) => onChange(chooseUniversity(choice, id))}
        disabled={!catalogue}
      />
      <Select
        label={labels.study}
        placeholder={labels.studyPlaceholder}
        options={(university?.studies ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={choice.study}
        onValueChange={(id) => onChange(chooseStudy(choice, id))}
        disabled={!university}
        disabledHint={labels.studyDisabledHint}
      />
      <Select
        label={labels.year}
        placeholder={labels.yearPlaceholder}
        options={(study?.years ?? []).map((y) => ({ value: y.id, label: y.name }))}
        value={choice.year}
        onValueChange={(id) => onChange(chooseYear(choice, id))}
        disabled={!study}
        disabledHint={labels.yearDisabledHint}
      />
    </>
  );
}
