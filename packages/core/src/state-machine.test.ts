import { describe, expect, it } from "vitest";
import { defineStateMachine, isStatusIn } from "./state-machine.ts";

const TICKET = defineStateMachine({
  name: "ticket",
  table: "tickets",
  states: ["OPEN", "HELD", "CLOSED", "VOID"],
  initial: ["OPEN"],
  moves: {
    hold: { from: ["OPEN"], to: "HELD" },
    close: { from: ["OPEN", "HELD"], to: "CLOSED", event: "ticket-closed" },
    settle: { from: ["HELD"], to: ["CLOSED", "VOID"] },
    touch: { from: ["CLOSED"], to: "CLOSED" },
  },
  sets: { active: ["OPEN", "HELD"] },
});

describe("defineStateMachine", () => {
  it("derives where each move starts and lands, the moves out of a state and the terminal states", () => {
    expect(TICKET.from("close")).toEqual(["OPEN", "HELD"]);
    expect(TICKET.targets("settle")).toEqual(["CLOSED", "VOID"]);
    expect(TICKET.targets("hold")).toEqual(["HELD"]);
    expect(TICKET.movesFrom("HELD")).toEqual(["close", "settle"]);
    // A move that only re-enters its own state does not leave it.
    expect(TICKET.terminal).toEqual(["CLOSED", "VOID"]);
    expect(TICKET.sets.active).toEqual(["OPEN", "HELD"]);
    expect(TICKET.canMove("hold", "OPEN")).toBe(true);
    expect(TICKET.canMove("hold", "HELD")).toBe(false);
    expect(isStatusIn(TICKET.sets.active, "CLOSED")).toBe(false);
  });

  it("governs the `status` column unless the declaration names another", () => {
    expect(TICKET.column).toBe("status");
    const routing = defineStateMachine({
      name: "ticket routing",
      table: "tickets",
      column: "routing_status",
      states: ["NEW", "ROUTED"],
      initial: ["NEW"],
      moves: { route: { from: ["NEW"], to: "ROUTED" } },
    });
    expect(routing.column).toBe("routing_status");
  });

  it("refuses a declaration naming a state it does not have", () => {
    expect(() =>
      defineStateMachine({
        name: "broken",
        table: "broken",
        states: ["A", "B"],
        initial: ["A"],
        // @ts-expect-error: "C" is not a state of the machine
        moves: { go: { from: ["A"], to: "C" } },
      }),
    ).toThrow("State machine broken names unknown states: C");
  });
});
