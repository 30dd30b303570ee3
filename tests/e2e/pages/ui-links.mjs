// Page object for the console's "UI links" screen; selectors are data-testid only.

/**
 * Replaces a textarea's whole text as a paste over a selection does: the `beforeinput` and
 * `input` events a browser sends for one (`insertFromPaste`), with the text in between.
 */
export async function pasteInto(page, testid, text) {
  await page.getByTestId(testid).evaluate((el, text) => {
    el.focus();
    el.select();
    el.dispatchEvent(new InputEvent("beforeinput", { inputType: "insertFromPaste", bubbles: true, cancelable: true }));
    el.value = text;
    el.dispatchEvent(new InputEvent("input", { inputType: "insertFromPaste", bubbles: true }));
  }, text);
}
export class UiLinksPage {
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
  }
  async open() {
    const response = await this.page.goto(this.baseUrl + "/");
    await this.page.getByTestId("status").waitFor();
    return response;
  }
  async chooseCard(id) {
    await this.page.getByTestId("card-select").selectOption(id);
  }
  /** Chooses an audience view by its tab. */
  async chooseView(view) {
    const tab = this.page.getByTestId(`view-${view}`);
    await tab.click();
    await this.page.locator(`[data-testid=view-${view}][aria-selected=true]`).waitFor();
  }
  /** Each view tab's text, as "Directory (1)". */
  async viewTabs() {
    return this.page.locator("[role=tablist] [role=tab]").allTextContents();
  }
  async fetchedFrom() {
    return this.page.getByTestId("fetched-from").inputValue();
  }
  async findingSummary() {
    return this.page.getByTestId("finding-summary").textContent();
  }
  /** Clicks "Download report (JSON)"; the file's name and its JSON. */
  async downloadReport() {
    const [download] = await Promise.all([
      this.page.waitForEvent("download"),
      this.page.getByTestId("download-report").click(),
    ]);
    const file = await download.path();
    const { readFileSync } = await import("node:fs");
    return { name: download.suggestedFilename(), json: JSON.parse(readFileSync(file, "utf8")) };
  }
  /** Replaces the card's text as a paste does (the events a browser sends for one): taken at once. */
  async pasteCard(json) {
    await pasteInto(this.page, "card-text", json);
  }
  /** Types into the card's text (keystrokes), then waits for the pause after which it is taken. */
  async typeCard(text) {
    await this.page.getByTestId("card-text").pressSequentially(text);
    await this.settled();
  }
  /** Waits until no typed text is waiting to be taken. */
  async settled() {
    await this.page.locator("[data-testid=result-panel]:not([aria-busy])").waitFor();
  }
  async setFetchedFrom(url) {
    await this.page.getByTestId("fetched-from").fill(url);
  }
  async status() {
    return this.page.getByTestId("status").getAttribute("data-ui-links");
  }
  async linkLabels() {
    return this.page.getByTestId("entry-link").allTextContents();
  }
  async hrefs() {
    return this.page.locator("a[data-testid=entry-link]").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  }
  async findingCodes() {
    return this.page.getByTestId("finding").evaluateAll((rows) => rows.map((r) => r.dataset.code));
  }
  async crossOriginMarks() {
    return this.page.getByTestId("cross-origin").count();
  }
}
