import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CourseInfo } from '@blok/contract/catalogue';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CourseInfoCard } from './course-info-card.tsx';

const course: CourseInfo = {
  vaknaam: 'Anatomie',
  percentage: 72,
  header_afbeelding: 'collegezaal',
  titeltekst: 'Haal je tentamen Anatomie',
  bodytekst: '72% van je medestudenten Geneeskunde aan de UvA studeert al met Blok.',
  available: true,
};

describe('CourseInfoCard', () => {
  it('shows the share of fellow students for a course Blok has', () => {
    renderWithProviders(<CourseInfoCard course={course} />);
    expect(screen.getByRole('heading', { name: 'Haal je tentamen Anatomie' })).toBeInTheDocument();
    expect(screen.getByText('72%')).toBeInTheDocument();
  });

  it('promises no share of fellow students for a study year without subjects', () => {
    renderWithProviders(
      <CourseInfoCard
        course={{
          ...course,
          vaknaam: 'Fysiologie',
          titeltekst: 'Nog geen samenvatting voor Fysiologie',
          bodytekst: 'Voor Fysiologie heeft Blok nog geen samenvatting, oefenvragen of flashcards.',
          available: false,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Nog geen samenvatting voor Fysiologie' })).toBeInTheDocument();
    expect(screen.queryByText('72%')).toBeNull();
    expect(screen.queryByText('van je medestudenten gebruikt Blok voor dit vak')).toBeNull();
  });
});
