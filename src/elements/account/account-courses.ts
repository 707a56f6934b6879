import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Client } from '../../client/client.ts';
import { getCourseContent, listCourses, listCourseSections } from '../../client/routes/purchases.ts';
import type { CourseAccess, CourseContent, CourseProgress, CourseSection } from '../../contract/customer.ts';
import type { CourseProgressState, CourseStore } from '../../session/courses.ts';
import type { Lang } from '../shared/i18n.ts';
import { dateTime } from '../shared/order-messages.ts';
import { innerHtml, sanitize, type SanitizedHtml } from '../shared/sanitize.ts';
import { StoreController } from '../shared/store-controller.ts';
import { ariaBool, icons } from '../shared/templates.ts';
import type { TermOf } from '../shared/localize.ts';
import type { AccountTerms } from './account.i18n.ts';
import { PagedList } from './paged-list.ts';
import { safeUrl } from '../shared/safe-url.ts';

type Host = ReactiveControllerHost & { readonly client?: Client; readonly courseProgress?: CourseStore; errorMessage(error: unknown): string };

/**
 * The courses tab of `<svc-account>`: the customer's courses with progress, a course's sections and contents,
 * one content at a time (text through DOMPurify, video, file), "mark as done", and where a video was paused.
 */
export class AccountCourses implements ReactiveController {
  readonly list: PagedList<CourseAccess>;
  /** Progress the server confirmed, through this view or another: applied before each render. */
  private readonly progress: StoreController<CourseProgressState>;
  private applied: CourseProgressState = {};
  private course?: CourseAccess;
  private sections?: CourseSection[];
  private content?: CourseContent;
  private body: SanitizedHtml = '';
  private error?: unknown;
  private busy = false;

  constructor(private readonly host: Host) {
    this.list = new PagedList(host, (cursor, signal) => listCourses(host.client!, { next_cursor: cursor, page_size: 12 }, { signal }));
    this.progress = new StoreController(host, () => host.courseProgress?.$progress);
    host.addController(this);
  }

  hostUpdate() {
    const now = this.progress.value;
    if (!now || now === this.applied) return;
    for (const [key, p] of Object.entries(now)) if (this.applied[key] !== p) this.progressed(p.course_id, p.content_id, p.completed, p.course_progress);
    this.applied = now;
  }

  reset() {
    this.list.reset();
    this.course = this.sections = this.content = undefined;
  }

  private async step(work: () => Promise<void>) {
    this.busy = true;
    this.error = undefined;
    this.host.requestUpdate();
    try {
      await work();
    } catch (error) {
      this.error = error;
    }
    this.busy = false;
    this.host.requestUpdate();
  }

  private open(course?: CourseAccess) {
    this.course = course;
    this.sections = this.content = undefined;
    if (course) void this.step(async () => void (this.sections = await listCourseSections(this.host.client!, course.id)));
    else this.host.requestUpdate();
  }

  private show(contentId: number) {
    void this.step(async () => {
      const content = await getCourseContent(this.host.client!, this.course!.id, contentId);
      this.body = content.body_html ? await sanitize(content.body_html) : '';
      this.content = content;
    });
  }

  /** Applies a progress answer everywhere it shows: the content, its row in the sections, the course bar. */
  private progressed(courseId: number, contentId: number, completed: boolean, progress: CourseProgress) {
    const open = this.course?.id === courseId;
    if (open && this.content?.id === contentId) this.content = { ...this.content, completed };
    if (open) this.sections = this.sections?.map((s) => ({ ...s, contents: s.contents.map((c) => (c.id === contentId ? { ...c, completed } : c)) }));
    const update = (c: CourseAccess) => (c.id === courseId ? { ...c, progress } : c);
    this.course = this.course && update(this.course);
    this.list.items = this.list.items.map(update);
  }

  private setDone(completed: boolean) {
    const { course, content } = this;
    if (!course || !content) return;
    void this.step(async () => {
      await this.host.courseProgress!.updateProgress(course.id, content.id, { completed }); // shown through $progress
    });
  }

  /** Remembers where the video stopped (best effort: a lost update only costs a few seconds of rewatching). */
  private savePosition(video: HTMLVideoElement) {
    const { course, content } = this;
    if (course && content) void this.host.courseProgress?.updateProgress(course.id, content.id, { position_seconds: Math.floor(video.currentTime) }).catch(() => {});
  }

  private bar(p: CourseProgress, term: TermOf<AccountTerms>) {
    return html`<div class="progress"><progress max="100" value=${p.percent} aria-label=${term('progress', p.completed_contents, p.total_contents)}></progress>
      <small class="muted">${term('progress', p.completed_contents, p.total_contents)}</small></div>`;
  }

  private renderContent(term: TermOf<AccountTerms>) {
    const c = this.content;
    if (!c) return html`<p class="muted">${term('chooseContent')}</p>`;
    return html`<article class="content" part="course-content">
      <h4>${c.title}</h4>
      ${safeUrl(c.video_url) ? html`<video controls preload="metadata" src=${safeUrl(c.video_url)!} .currentTime=${c.position_seconds}
        @pause=${(e: Event) => this.savePosition(e.target as HTMLVideoElement)}></video>` : nothing}
      ${this.body ? html`<div class="body" .innerHTML=${innerHtml(this.body)}></div>` : nothing}
      ${safeUrl(c.file_url) ? html`<a class="btn quiet" href=${safeUrl(c.file_url)!} download>${term('download')}</a>` : nothing}
      <div><button type="button" class="btn quiet" part="course-done" ?disabled=${this.busy}
        aria-pressed=${ariaBool(c.completed)} @click=${() => this.setDone(!c.completed)}>${c.completed ? html`${icons.check}${term('done')}` : term('markDone')}</button></div>
    </article>`;
  }

  render(term: TermOf<AccountTerms>, lang: Lang) {
    const error = this.error ? html`<p class="alert" role="alert">${this.host.errorMessage(this.error)}</p>` : nothing;
    const course = this.course;
    if (course) {
      return html`<div class="course" part="course">
        <button type="button" class="link" @click=${() => this.open()}>← ${term('back')}</button>
        <h3>${course.title}</h3>${this.bar(course.progress, term)}${error}
        <div class="course-body">
          <nav aria-label=${course.title}>${this.sections?.map((s) => html`<h4>${s.title}</h4>
            <ul role="list">${s.contents.map((c) => html`<li><button type="button" class="lesson" part="course-lesson"
              aria-current=${this.content?.id === c.id ? 'true' : 'false'} @click=${() => this.show(c.id)}>
              <span class="tick ${c.completed ? 'on' : ''}" aria-hidden="true">${c.completed ? icons.check : nothing}</span>
              <span>${c.title}</span>${c.completed ? html`<span class="sr-only">(${term('done')})</span>` : nothing}</button></li>`)}</ul>`)
            ?? html`<div class="sk sk-6"></div>`}</nav>
          ${this.renderContent(term)}
        </div>
      </div>`;
    }
    return html`${error}<ul class="cards" role="list">${this.list.items.map((c) => html`<li class="card course-card" part="course-card">
      ${safeUrl(c.image_url) ? html`<img src=${safeUrl(c.image_url)!} alt="" loading="lazy">` : nothing}
      <h3>${c.title}</h3><p class="muted">${c.description}</p>
      ${this.bar(c.progress, term)}
      ${c.access.status === 'expired' ? html`<span class="badge">${term('expired')}</span>`
        : html`<button type="button" class="btn quiet" @click=${() => this.open(c)}>${term('open')}</button>`}
      ${c.access.expires_at ? html`<small class="muted">${dateTime(c.access.expires_at, lang, true)}</small>` : nothing}
    </li>`)}</ul>`;
  }
}
