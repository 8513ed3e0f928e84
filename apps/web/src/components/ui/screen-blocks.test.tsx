import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { BackLink } from './back-link/back-link.tsx';
import { Card, CardActions, CardBadge, CardList, CardMeta, CardText, CardTitle } from './card/card.tsx';
import { CardLink } from './card-link/card-link.tsx';
import { ListPanel } from './list-panel/list-panel.tsx';
import { LoadingRow } from './loading-row/loading-row.tsx';
import { Section, SectionTitle } from './section/section.tsx';
import { ChoiceOption, SettingsFieldset, SettingsForm } from './settings/settings.tsx';
import { SwitchRow } from './switch-row/switch-row.tsx';
import { SessionLoading, SessionStateActions, SessionStateBlock } from './session-state/session-state.tsx';

// The shared blocks that screens used to style each on their own (issue 30). CSS modules are not
// scoped under vitest, so a class is its name in the .module.css file.

describe('BackLink', () => {
  it('is a link named by its label, with the arrow hidden and the screen’s class added to its own', () => {
    render(
      <MemoryRouter>
        <BackLink to="/bibliotheek" className="place">
          Terug naar de bibliotheek
        </BackLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Terug naar de bibliotheek' });
    expect(link).toHaveAttribute('href', '/bibliotheek');
    expect(link).toHaveClass('back', 'place');
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('CardLink', () => {
  it('passes the link’s props through and keeps its own class beside the layout class', () => {
    render(
      <MemoryRouter>
        <CardLink to="/summary/read/s/c" className="layout" rel="next" data-direction="next">
          Volgende
        </CardLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Volgende' });
    expect(link).toHaveAttribute('href', '/summary/read/s/c');
    expect(link).toHaveAttribute('rel', 'next');
    expect(link).toHaveAttribute('data-direction', 'next');
    expect(link).toHaveClass('card', 'layout');
  });
});

describe('ListPanel', () => {
  it('is a list, ordered when asked, labelled by what the screen names', () => {
    render(
      <>
        <h2 id="toc">Inhoud</h2>
        <ListPanel as="ol" aria-labelledby="toc">
          <li>Een</li>
          <li>Twee</li>
        </ListPanel>
      </>,
    );
    const list = screen.getByRole('list', { name: 'Inhoud' });
    expect(list.tagName).toBe('OL');
    expect(list).toHaveClass('panel');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Een', 'Twee']);
  });

  it('is an unordered list by default', () => {
    render(
      <ListPanel>
        <li>Een</li>
      </ListPanel>,
    );
    expect(screen.getByRole('list').tagName).toBe('UL');
  });
});

describe('LoadingRow', () => {
  it('announces what is loading politely, the spinner hidden', () => {
    render(<LoadingRow label="Laden…" spinnerSize={24} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Laden…');
    expect(status).toHaveClass('loading');
    const spinner = status.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(spinner.style.width).toBe('24px');
  });
});

describe('session state', () => {
  it('holds a heading, the loading status and the actions in their blocks', () => {
    render(
      <SessionStateBlock>
        <h1>Oefenvragen</h1>
        <SessionLoading label="Vragen laden…" />
        <SessionStateActions>
          <button type="button">Opnieuw</button>
        </SessionStateActions>
      </SessionStateBlock>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Oefenvragen' });
    expect(heading.parentElement).toHaveClass('block');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Vragen laden…');
    expect(status).toHaveClass('loading');
    expect((status.querySelector('[aria-hidden="true"]') as HTMLElement).style.width).toBe('28px');
    expect(screen.getByRole('button', { name: 'Opnieuw' }).parentElement).toHaveClass('actions');
  });
});

describe('Section', () => {
  it('is a region named by its h2', () => {
    render(
      <Section titleId="sets" title="Sets">
        <p>Inhoud</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Sets' });
    expect(region).toHaveClass('section');
    expect(within(region).getByRole('heading', { level: 2, name: 'Sets' })).toHaveClass('title');
  });
});

describe('Card', () => {
  it('is the element asked for, its look beside the screen’s layout class, tinted when highlighted', () => {
    render(
      <Card as="section" highlight className="layout" aria-labelledby="review">
        <SectionTitle id="review">Herhalen</SectionTitle>
        <CardText>3 kaarten</CardText>
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Herhalen' });
    expect(card.tagName).toBe('SECTION');
    expect(card).toHaveClass('card', 'highlight', 'layout');
  });

  it('makes a list of cards with a title, text, facts with a badge and actions', () => {
    render(
      <CardList as="ol" aria-label="Kaarten">
        <Card as="li">
          <CardTitle>Begrippen</CardTitle>
          <CardText>Uitleg</CardText>
          <CardMeta>
            <CardBadge>Eigen set</CardBadge>
            <span>2 kaarten</span>
          </CardMeta>
          <CardActions>
            <button type="button">Openen</button>
          </CardActions>
        </Card>
      </CardList>,
    );
    const list = screen.getByRole('list', { name: 'Kaarten' });
    expect(list.tagName).toBe('OL');
    expect(list).toHaveClass('list');
    const item = within(list).getByRole('listitem');
    expect(item).toHaveClass('card');
    expect(item).not.toHaveClass('highlight');
    expect(within(item).getByRole('heading', { level: 3, name: 'Begrippen' })).toHaveClass('title');
    expect(screen.getByText('Eigen set')).toHaveClass('badge');
    expect(screen.getByText('Eigen set').parentElement).toHaveClass('meta');
    expect(screen.getByRole('button', { name: 'Openen' }).parentElement).toHaveClass('actions');
  });

  it('takes more room inside when spacious, and can be a description list', () => {
    render(
      <Card as="dl" spacious aria-label="Bestelling">
        <div>
          <dt>Product</dt>
          <dd>Premium</dd>
        </div>
      </Card>,
    );
    const card = screen.getByText('Product').closest('dl');
    expect(card).toHaveClass('card', 'spacious');
    expect(card).not.toHaveClass('highlight');
  });

  it('passes a form’s submit through', () => {
    let submitted = 0;
    render(
      <Card
        as="form"
        aria-label="Nieuwe set"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submitted++;
        }}
      >
        <button type="submit">Maken</button>
      </Card>,
    );
    const form = screen.getByRole('form', { name: 'Nieuwe set' });
    expect(form).toHaveAttribute('novalidate');
    screen.getByRole('button', { name: 'Maken' }).click();
    expect(submitted).toBe(1);
  });
});

describe('settings form', () => {
  it('groups options under their legend; an option is its input named by its title, marked when checked or disabled', () => {
    const picked: string[] = [];
    render(
      <SettingsForm aria-label="Instellingen">
        <SettingsFieldset legend="Volgorde" className="layout">
          <ChoiceOption type="radio" name="order" value="written" checked onChange={() => picked.push('written')} title="Zoals geschreven" meta="Kaart 1 eerst" />
          <ChoiceOption type="radio" name="order" value="shuffled" checked={false} onChange={() => picked.push('shuffled')} title="Gehusseld" meta="Elke keer anders" />
        </SettingsFieldset>
        <ChoiceOption type="checkbox" checked={false} disabled onChange={() => undefined} title="Alleen onbekend" meta="Geen kaarten" />
      </SettingsForm>,
    );
    expect(screen.getByRole('form', { name: 'Instellingen' })).toHaveClass('form');
    const group = screen.getByRole('group', { name: 'Volgorde' });
    expect(group).toHaveClass('fieldset', 'layout');
    const written = within(group).getByRole('radio', { name: /Zoals geschreven/ });
    expect(written).toBeChecked();
    expect(written).toHaveAttribute('value', 'written');
    expect(written.closest('label')).toHaveAttribute('data-checked');
    const shuffled = within(group).getByRole('radio', { name: /Gehusseld/ });
    expect(shuffled.closest('label')).not.toHaveAttribute('data-checked');
    shuffled.click();
    expect(picked).toEqual(['shuffled']);
    const unknown = screen.getByRole('checkbox', { name: /Alleen onbekend/ });
    expect(unknown).toBeDisabled();
    expect(unknown.closest('label')).toHaveAttribute('data-disabled');
    expect(screen.getByText('Geen kaarten')).toHaveClass('meta');
  });
});

describe('SwitchRow', () => {
  it('is a switch named by its title, described by its text, note and the screen’s status', () => {
    const changes: boolean[] = [];
    render(
      <>
        <SwitchRow id="offline" title="Offline bewaren" text="Lees zonder internet" note="2 hoofdstukken vragen Premium" checked={false} describedBy="offline-status" onCheckedChange={(c) => changes.push(c)} />
        <p id="offline-status">Nog niet bewaard</p>
      </>,
    );
    const toggle = screen.getByRole('switch', { name: 'Offline bewaren' });
    expect(toggle).toHaveAccessibleDescription('Lees zonder internet 2 hoofdstukken vragen Premium Nog niet bewaard');
    expect(toggle).not.toBeChecked();
    toggle.click();
    expect(changes).toEqual([true]);
  });

  it('leaves the note out of the description when there is none, and can be disabled', () => {
    render(<SwitchRow id="daily" title="Dagelijkse herinnering" text="Om 19:00" checked disabled onCheckedChange={() => undefined} />);
    const toggle = screen.getByRole('switch', { name: 'Dagelijkse herinnering' });
    expect(toggle).toHaveAttribute('aria-describedby', 'daily-text');
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
  });
});
