// Page object for the console's "UI links" screen; selectors are data-testid only.
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
  async chooseView(view) {
    await this.page.getByTestId(`view-${view}`).check();
  }
  async pasteCard(json) {
    await this.page.getByTestId("card-text").fill(json);
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
