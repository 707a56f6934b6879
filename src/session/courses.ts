import { map, type MapStore } from 'nanostores';
import type { ProgressUpdateBody, ProgressUpdateResponse } from '../contract/customer.ts';
import type { Client } from '../client/client.ts';

const purchaseRoutes = () => import('../client/routes/purchases.ts');

/** The last progress the server confirmed, by `${courseId}/${contentId}` (the answer names the course's totals too). */
export type CourseProgressState = Record<string, ProgressUpdateResponse & { course_id: number }>;

export type CourseStore = ReturnType<typeof createCourses>;

/** The signed-in customer's course progress: every view of a course follows `$progress`. */
export function createCourses(client: Client) {
  const $progress: MapStore<CourseProgressState> = map<CourseProgressState>({});
  return {
    $progress,
    /** Marks a content done (or not) or remembers where a video stopped. */
    async updateProgress(courseId: number, contentId: number, body: ProgressUpdateBody): Promise<ProgressUpdateResponse> {
      const answer = await (await purchaseRoutes()).updateCourseProgress(client, courseId, contentId, body);
      $progress.setKey(`${courseId}/${contentId}`, { ...answer, course_id: courseId });
      return answer;
    },
    /** Forgets the progress of a customer who signed out. */
    clear: () => $progress.set({}),
  };
}
