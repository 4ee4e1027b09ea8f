/** @jest-environment jsdom */
import { render } from "@testing-library/react";
import { keepSessionFreshOnDemand, rememberAmplifyConfig } from "@/lib/auth/amplify-on-demand";
import { parseConfig, publicConfig } from "@/lib/config/env";
import { AmplifySetup } from "./amplify-setup";

const stopKeeping = jest.fn();
jest.mock("@/lib/auth/amplify-on-demand", () => ({
  rememberAmplifyConfig: jest.fn(),
  keepSessionFreshOnDemand: jest.fn(() => stopKeeping),
}));

const config = publicConfig(parseConfig({}));

describe("AmplifySetup", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.mocked(rememberAmplifyConfig).mockClear();
    jest.mocked(keepSessionFreshOnDemand).mockClear();
    stopKeeping.mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it("remembers the configuration at once and reads the cookies in a task of its own", () => {
    render(<AmplifySetup config={config} />);
    expect(rememberAmplifyConfig).toHaveBeenCalledWith(config);
    expect(keepSessionFreshOnDemand).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(keepSessionFreshOnDemand).toHaveBeenCalledWith(config);
  });

  it("stops keeping the session fresh when it unmounts, and never starts if it unmounts first", () => {
    const early = render(<AmplifySetup config={config} />);
    early.unmount();
    jest.advanceTimersByTime(10_000);
    expect(keepSessionFreshOnDemand).not.toHaveBeenCalled();

    const late = render(<AmplifySetup config={config} />);
    jest.advanceTimersByTime(0);
    late.unmount();
    expect(stopKeeping).toHaveBeenCalledTimes(1);
  });
});
