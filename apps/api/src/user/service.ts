import { rmSync } from 'node:fs';
import { DEFAULT_PROFILE_PICTURE_URL, type Profile, type UpdateProfileBody } from '@blok/contract';
import { toBool, type Executor, type ProfilePicturesTable } from '@blok/db';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import type { UploadedFile } from '../uploads/uploaded-file.ts';
import { processProfilePicture } from './picture.ts';
import { UserRepository, type UserRow } from './repository.ts';

/** Where the shop lives; the profile's subscriptionUrl points here. */
export const SUBSCRIPTION_URL = '/shop';

/** The signed-in student as the other features need her. */
export interface Student {
  id: string;
  study: string;
  year: string;
  hasSubscription: boolean;
  firstName: string;
}

/**
 * A feature that keeps something of hers without a foreign key to her row (a stored response, a
 * counter keyed by her address, a queued reminder) and forgets it when her account is deleted, in
 * the deletion's transaction, by its own key formats (decision 020).
 */
export interface ForgetsAccounts {
  forgetAccount(tx: Executor, account: { id: string; email: string }): Promise<void>;
}

export interface UserServiceOptions {
  /** the mail feature: which mails are hers (their outbox files go with her account) */
  mail: { mailIdsOf(tx: Executor, userId: string): Promise<string[]> } | null;
  /** where the outbox keeps mail files (null with SMTP) */
  outbox: { fileOf(mailId: string): string } | null;
  /** tells, in the deletion's transaction, that her account goes (auth, push and the write path forget her) */
  accountDeleted?: (tx: Executor, account: { id: string; email: string }) => Promise<void>;
  /** the catalogue: whether a study choice exists (decision 031); needed to change the study choice */
  choices?: StudyChoices;
}

/** Whether a university, study and year exist together: the catalogue's service answers. */
export interface StudyChoices {
  isValidChoice(university: string, study: string, year: string): Promise<boolean>;
}

const DEFAULT_OPTIONS: UserServiceOptions = { mail: null, outbox: null };

const accountGone = () => new AppError('invalid_token', 'Dit account bestaat niet meer.');

/** The profile as the API shows it (spec section 3). */
export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    accountUrl: '/profile',
    firstName: user.first_name,
    middleName: user.middle_name,
    lastName: user.last_name,
    roleId: user.role_id,
    profilePictureUrl: user.profile_picture_url || DEFAULT_PROFILE_PICTURE_URL,
    hasSubscription: toBool(user.has_subscription),
    subscriptionUrl: SUBSCRIPTION_URL,
    createdAt: user.created_at,
    university: user.university,
    study: user.study,
    year: user.year,
  };
}

/** The user's profile and account: name, study, picture, password, deletion (issue 11). */
export class UserService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: UserServiceOptions = DEFAULT_OPTIONS,
  ) {}

  private get repo(): UserRepository {
    return new UserRepository(this.uow.executor);
  }

  private async user(userId: string, executor?: Executor): Promise<UserRow> {
    const user = await (executor ? new UserRepository(executor) : this.repo).findById(userId);
    if (!user) throw accountGone();
    return user;
  }

  async profile(userId: string): Promise<Profile> {
    return toProfile(await this.user(userId));
  }

  /** Name and study choice; the study choice must exist in the catalogue, as at registration. */
  async update(userId: string, input: UpdateProfileBody): Promise<Profile> {
    if (!this.options.choices) throw new Error('UserService needs the catalogue (options.choices) to change a study choice');
    if (!(await this.options.choices.isValidChoice(input.university, input.study, input.year))) {
      throw new AppError('invalid_request', 'Kies een bestaande universiteit, studie en studiejaar.');
    }
    return this.uow.run(async (tx) => {
      await new UserRepository(tx).updateProfile(userId, input);
      return toProfile(await this.user(userId, tx));
    });
  }

  async replacePicture(userId: string, file: UploadedFile): Promise<Profile> {
    // Decode and re-encode before the transaction: image work must not hold a database lock.
    const picture = await processProfilePicture(file);
    return this.uow.run(async (tx) => {
      await this.user(userId, tx);
      await new UserRepository(tx).replacePicture(userId, picture);
      return toProfile(await this.user(userId, tx));
    });
  }

  async removePicture(userId: string): Promise<Profile> {
    return this.uow.run(async (tx) => {
      await new UserRepository(tx).removePicture(userId);
      return toProfile(await this.user(userId, tx));
    });
  }

  findPicture(id: string): Promise<ProfilePicturesTable | undefined> {
    return new UserRepository(this.uow.db).findPicture(id);
  }

  /** The shop's view of her account (decision 020): her address and the Premium flag. */
  /** Deletes the account and everything personal, in one transaction; then her mail files. */
  async deleteAccount(userId: string): Promise<null> {
    const mailIds = await this.uow.run(async (tx) => {
      const repo = new UserRepository(tx);
      const user = await repo.findById(userId);
      if (!user) return [];
      const ids = this.options.mail ? await this.options.mail.mailIdsOf(tx, userId) : [];
      await this.options.accountDeleted?.(tx, { id: user.id, email: user.email });
      await repo.delete(userId);
      return ids;
    });
    const outbox = this.options.outbox;
    if (outbox) for (const id of mailIds) rmSync(outbox.fileOf(id), { force: true });
    return null;
  }
}
