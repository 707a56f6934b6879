import type { CourseAccess, CourseContent, CourseProgress, CourseSection, ProgressUpdateBody, ProgressUpdateResponse } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { keysetPage } from '../db/paging.ts';
import { HttpError, notFound } from '../errors.ts';
import { sql } from '../db/statements.ts';

type CourseRow = { id: number; slug: string; title: string; description: string; image_url: string | null; granted_at: string; expires_at: string | null };
type ContentRow = {
  id: number; section_id: number; title: string; type: CourseContent['type']; body_html: string | null; video_url: string | null;
  file_url: string | null; duration_seconds: number | null; completed_at: string | null; position_seconds: number | null;
};

const COURSE_SQL = `SELECT c.id, c.slug, c.title, c.description, c.image_url, a.granted_at, a.expires_at
  FROM courses c JOIN course_access a ON a.course_id = c.id WHERE c.store_id = ? AND a.customer_id = ?`;
const CONTENT_SQL = `SELECT cc.*, p.completed_at, p.position_seconds FROM course_contents cc
  JOIN course_sections s ON s.id = cc.section_id
  LEFT JOIN course_progress p ON p.content_id = cc.id AND p.customer_id = ?
  WHERE s.course_id = ?`;

const expired = (row: Pick<CourseRow, 'expires_at'>, now = Date.now()) => row.expires_at !== null && Date.parse(row.expires_at) <= now;

function progressOf(db: Db, customerId: number, courseId: number): CourseProgress {
  const { total, done } = sql(db, `SELECT count(*) AS total, count(completed_at) AS done FROM (${CONTENT_SQL})`).get(customerId, courseId) as
    { total: number; done: number };
  return { completed_contents: done, total_contents: total, percent: total ? Math.floor((done * 100) / total) : 0 };
}

function toAccess(db: Db, customerId: number, row: CourseRow): CourseAccess {
  return {
    id: row.id, slug: row.slug, title: row.title, description: row.description, image_url: row.image_url,
    access: { status: expired(row) ? 'expired' : 'active', granted_at: row.granted_at, expires_at: row.expires_at },
    progress: progressOf(db, customerId, row.id),
  };
}

/** The courses the customer has been granted in this store (expired grants included, marked so). */
export function listCourses(db: Db, storeId: number, customerId: number, page: { page_size?: number; next_cursor?: string; previous_cursor?: string }) {
  const result = keysetPage<CourseRow>(db, { sql: COURSE_SQL, params: [storeId, customerId], keyColumns: ['id'] }, page);
  return { ...result, results: result.results.map((row) => toAccess(db, customerId, row)) };
}

/** A course without a grant for this customer does not exist for them: 404. */
function requireGrant(db: Db, storeId: number, customerId: number, courseId: number): CourseRow {
  const row = sql(db, `${COURSE_SQL} AND c.id = ?`).get(storeId, customerId, courseId) as CourseRow | undefined;
  if (!row) throw notFound('Course not found');
  return row;
}

/** Contents and progress need a grant that has not expired. */
function requireActiveGrant(db: Db, storeId: number, customerId: number, courseId: number): CourseRow {
  const row = requireGrant(db, storeId, customerId, courseId);
  if (expired(row)) throw new HttpError(403, 'forbidden', 'Your access to this course has expired');
  return row;
}

export function getCourseAccess(db: Db, storeId: number, customerId: number, courseId: number): CourseAccess {
  return toAccess(db, customerId, requireGrant(db, storeId, customerId, courseId));
}

/** The outline (sections and content titles with completion) stays readable after access expired. */
export function listSections(db: Db, storeId: number, customerId: number, courseId: number): CourseSection[] {
  requireGrant(db, storeId, customerId, courseId);
  const contents = sql(db, `${CONTENT_SQL} ORDER BY cc.position, cc.id`).all(customerId, courseId) as ContentRow[];
  const sections = sql(db, 'SELECT id, title, position FROM course_sections WHERE course_id = ? ORDER BY position, id').all(courseId) as
    Omit<CourseSection, 'contents'>[];
  return sections.map((s) => ({
    ...s,
    contents: contents.filter((c) => c.section_id === s.id).map((c) => ({
      id: c.id, title: c.title, type: c.type, duration_seconds: c.duration_seconds, completed: c.completed_at !== null,
    })),
  }));
}

function requireContent(db: Db, customerId: number, courseId: number, contentId: number): ContentRow {
  const row = sql(db, `${CONTENT_SQL} AND cc.id = ?`).get(customerId, courseId, contentId) as ContentRow | undefined;
  if (!row) throw notFound('Content not found in this course');
  return row;
}

const toContent = (c: ContentRow): CourseContent => ({
  id: c.id, section_id: c.section_id, title: c.title, type: c.type, body_html: c.body_html, video_url: c.video_url,
  file_url: c.file_url, duration_seconds: c.duration_seconds, completed: c.completed_at !== null, completed_at: c.completed_at,
  position_seconds: c.position_seconds ?? 0,
});

export function getContent(db: Db, storeId: number, customerId: number, courseId: number, contentId: number): CourseContent {
  requireActiveGrant(db, storeId, customerId, courseId);
  return toContent(requireContent(db, customerId, courseId, contentId));
}

/** Marks a content done or not done and/or stores the playback position; completing twice keeps the first time. */
export function updateProgress(
  db: Db, storeId: number, customerId: number, courseId: number, contentId: number, body: ProgressUpdateBody,
): ProgressUpdateResponse {
  requireActiveGrant(db, storeId, customerId, courseId);
  const current = requireContent(db, customerId, courseId, contentId);
  const now = new Date().toISOString();
  const completedAt = body.completed === undefined ? current.completed_at : body.completed ? (current.completed_at ?? now) : null;
  const position = body.position_seconds ?? current.position_seconds ?? 0;
  sql(db, 
    `INSERT INTO course_progress (customer_id, content_id, completed_at, position_seconds, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (customer_id, content_id) DO UPDATE SET completed_at = excluded.completed_at,
       position_seconds = excluded.position_seconds, updated_at = excluded.updated_at`,
  ).run(customerId, contentId, completedAt, position, now);
  return {
    content_id: contentId, completed: completedAt !== null, completed_at: completedAt, position_seconds: position,
    course_progress: progressOf(db, customerId, courseId),
  };
}
