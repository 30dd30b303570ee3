// Page object for the console's "A2UI" screen; selectors are data-testid only.
import { pasteInto } from "./ui-links.mjs";
export class A2uiPage {
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
  }
  async open() {
    await this.page.goto(this.baseUrl + "/#a2ui");
    await this.page.getByTestId("stream-select").waitFor();
  }
  /** Chooses an example and waits until its stream is the one shown: all but the first are
   * fetched from the console's own origin when chosen. */
  async choose(id) {
    await this.page.getByTestId("stream-select").selectOption(id);
    await this.shown(id);
  }
  /** Chooses an example that is fetched, and waits only until the panel says it is busy. */
  async startChoosing(id) {
    await this.page.getByTestId("stream-select").selectOption(id);
    await this.page.locator("[data-testid=result-panel][aria-busy]").waitFor();
  }
  /** Waits until the stream shown is `id` (an example's, or `custom`) and nothing is pending. */
  async shown(id) {
    await this.page.locator(`[data-testid=result-panel][data-stream="${id}"]:not([aria-busy])`).waitFor();
  }
  /** Which example's stream is shown, or `custom`. */
  async shownStream() {
    return this.page.getByTestId("result-panel").getAttribute("data-stream");
  }
  async streamIds() {
    return this.page.locator("[data-testid=stream-select] option").evaluateAll((os) => os.map((o) => o.value));
  }
  surface() {
    return this.page.getByTestId("a2ui-surface");
  }
  async placeholders() {
    return this.page.getByTestId("a2ui-placeholder").count();
  }
  async ignoredText() {
    const n = await this.page.getByTestId("a2ui-ignored").count();
    return n ? this.page.getByTestId("a2ui-ignored").textContent() : null;
  }
  async actionText() {
    return this.page.getByTestId("a2ui-action").textContent();
  }
  /** Replaces the stream's text as a paste does: taken and applied whole at once. */
  async paste(text) {
    await pasteInto(this.page, "stream-text", text);
  }
  /** Waits until no typed text is waiting to be taken. */
  async settled() {
    await this.page.locator("[data-testid=result-panel]:not([aria-busy])").waitFor();
  }
  async reset() {
    await this.page.getByTestId("reset").click();
  }
  async applyAll() {
    await this.page.getByTestId("apply-all").click();
  }
  stepButton() {
    return this.page.getByTestId("apply-step");
  }
  backButton() {
    return this.page.getByTestId("step-back");
  }
  async step() {
    await this.stepButton().click();
  }
  async back() {
    await this.backButton().click();
  }
  /** "k of N envelopes read: A applied, R refused." */
  async positionText() {
    return this.page.getByTestId("position").textContent();
  }
  async liveText() {
    return this.page.getByTestId("a2ui-live").textContent();
  }
  /** The findings table as { code, path, message } rows. */
  async findings() {
    return this.page.locator("tr[data-testid=finding]").evaluateAll((rows) =>
      rows.map((tr) => ({
        code: tr.dataset.code,
        path: tr.cells[2].textContent,
        message: tr.cells[3].textContent,
      })),
    );
  }
  entries() {
    return this.page.getByTestId("timeline-entry");
  }
  entry(index) {
    return this.page.locator(`[data-testid=timeline-entry][data-index="${index}"]`);
  }
  /** Each envelope of the timeline: { type, surface, status, state, current }. */
  async timeline() {
    return this.entries().evaluateAll((lis) =>
      lis.map((li) => ({
        type: li.querySelector("[data-testid=timeline-type]").textContent,
        surface: li.querySelector("[data-testid=timeline-surface]").textContent,
        status: li.querySelector("[data-testid=timeline-status]").textContent,
        state: li.dataset.status,
        current: li.getAttribute("aria-current") === "step",
      })),
    );
  }
  /** The button of a refused envelope, which shows why. */
  why(index) {
    return this.entry(index).getByTestId("timeline-why");
  }
  detail(index) {
    return this.entry(index).getByTestId("timeline-detail");
  }
}
