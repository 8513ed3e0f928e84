import type { HomeBanner, HomeContinue } from '@blok/contract';
import { plainText } from '@blok/domain/markup';
import { SUBSCRIPTION_URL } from '../user/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { groupBy, isValidChapter, type Reader } from './chapters.ts';
import { LibraryRepository } from './repository.ts';

/** Her open practice sessions for the continue cards (the questions feature provides them). */
export interface OpenSessionsSource {
  openSessions(
    userId: string,
    limit: number,
  ): Promise<Array<{ sessionId: string; subjectId: string; subjectTitle: string; questionListId: string | null; title: string; progress: number; currentIndex: number; questionsCount: number; updatedAt: string }>>;
}

/** Home: the welcome banner and the 'verder studeren' cards. */
export class HomeService {
  constructor(
    private readonly uow: UnitOfWork,
    /** which subjects are hers (the library service) */
    private readonly library: { libraryMembership(reader: Reader): Promise<Map<string, unknown>> },
    private readonly practice?: OpenSessionsSource,
  ) {}

  /** The repository on the current unit of work's transaction, or on the database for reads. */
  private get repo(): LibraryRepository {
    return new LibraryRepository(this.uow.executor);
  }

  /**
   * Home's welcome banner: what to do next, in her situation, as a message code with its numbers
   * (the web app writes the sentences). The link defaults to her subscriptionUrl. Students without
   * a subscription get the Premium userMessage, which overrides it; subscribers get none. With an
   * empty library (issue 26: a later year without a course yet) the banner says so and sells nothing.
   */
  async homeBanner(reader: Reader): Promise<HomeBanner> {
    const [read, membership] = await Promise.all([this.repo.countReadChapters(reader.id), this.library.libraryMembership(reader)]);
    if (membership.size === 0) return { message: 'empty', firstName: reader.firstName.trim(), readChapterCount: read, link: SUBSCRIPTION_URL };
    const banner: HomeBanner = {
      message: read > 0 ? 'progress' : 'start',
      firstName: reader.firstName.trim(),
      readChapterCount: read,
      link: SUBSCRIPTION_URL,
    };
    if (!reader.hasSubscription) banner.userMessage = { code: 'premium', url: SUBSCRIPTION_URL };
    return banner;
  }

  /** Home's 'verder studeren' cards: the chapters she read last and her open practice sessions, newest first. */
  async continueCards(reader: Reader, limit = 3): Promise<HomeContinue> {
    const progress = await this.repo.recentProgress(reader.id, { limit });
    const chapters = (await this.repo.chaptersOfSummaries(progress.map((p) => p.summary_id))).filter(isValidChapter);
    const bySummary = groupBy(chapters, (c) => c.summary_id);
    const cards: HomeContinue['cards'] = [];
    for (const p of progress) {
      const own = bySummary.get(p.summary_id) ?? [];
      const index = own.findIndex((c) => c.id === p.chapter_id);
      if (index < 0) continue; // the chapter vanished from the content
      cards.push({
        kind: 'reading',
        subjectId: p.subject_id,
        subjectTitle: p.subject_title,
        summaryId: p.summary_id,
        summaryTitle: p.summary_title,
        chapterId: p.chapter_id,
        chapterTitle: plainText(own[index]!.title),
        chapterNumber: index + 1,
        chapterCount: own.length,
        position: p.position,
        updatedAt: p.updated_at,
      });
    }
    for (const open of (await this.practice?.openSessions(reader.id, limit)) ?? []) cards.push({ kind: 'questions', ...open });
    cards.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return { cards: cards.slice(0, limit * 2) };
  }
}
