// Realms' benchmark driver for UCTDom's UCT player (benchmarks/dominion_mc_peer.py): plays one seeded game with
// the peer's Big Money player on both seats, then times the UCT search at the positions a quarter, half and three
// quarters into that game, by the process's CPU clock; then measures how long the search's random playouts are
// and how fast they are alone (whole games from the opening, played by its playout policy, outside the tree). The last
// line of standard output is JSON, with the process's peak memory.
#include <sys/resource.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <future>
#include <iostream>
#include <list>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <stack>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>
// the playout policy and the action play are the search's private members: reach them to time a bare playout (every
// standard header the peer's headers use is included above, so the macro changes only the peer's own classes)
#define private public
#include "Game.h"
#undef private

static double process_cpu() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    unsigned seed = argc > 1 ? (unsigned)atoi(argv[1]) : 1u;
    // a Game holds a search per seat, each with its own node pool: only its set-up is needed, so it is freed after
    Game *setup = new Game();
    setup->initialize();  // seeds rand() from the clock: reseeded below, so a seed gives the same game
    srand(seed);
    for (int p = 0; p < PLAYERS; p++) {  // the opening hands again, from the seed
        PlayerState fresh;
        fresh.deck[CardManager::cardIndexer[COPPER]] = 7;
        fresh.deck[CardManager::cardIndexer[ESTATE]] = 3;
        fresh.endTurn();
        setup->gameState.playerStates[p] = fresh;
    }
    BigMoneyAI money;
    std::vector<GameState> trail;
    std::vector<int> seats;
    GameState s = setup->gameState;
    delete setup;
    int p = 0;
    while (!s.gameFinished()) {
        trail.push_back(s);
        seats.push_back(p);
        for (;;) {
            Option o = money.getNextOption(s, p);
            if (o.type != BUY) break;
            s.playerStates[p].actions = 0;
            s.playerStates[p].buyCard(o.absoluteCardId);
            s.supplyPiles[CardManager::cardIndexer[o.absoluteCardId]] -= 1;
        }
        s.playerStates[p].endTurn();
        p = (p + 1) % PLAYERS;
        if (p == 0) s.turnCounter++;
    }
    double cpu = 0;
    long playouts = 0;
    for (int k = 1; k <= 3; k++) {
        size_t at = trail.size() * k / 4;
        UCTMonteCarlo *search = new UCTMonteCarlo();
        std::vector<Move> history;
        double t0 = process_cpu();
        search->getNextOption(seats[at], trail[at], history);
        cpu += process_cpu() - t0;
        playouts += UCT_SIMULATIONS;
        delete search;
    }
    // the length of a random playout: whole games from the opening, each seat by the search's playout policy
    UCTMonteCarlo *policy = new UCTMonteCarlo();
    const int games = 3000;
    long rounds = 0;
    double bare = process_cpu();
    for (int g = 0; g < games; g++) {
        GameState t = trail[0];
        int q = 0;
        int taken[PLAYERS] = {0};
        while (!t.gameFinished()) {
            PlayerState &me = t.playerStates[q];
            while (me.buys > 0 || me.actions > 0) {
                Option o = policy->getCardPlayoutPolicy(t, q);
                if (o.type == ACTION) {
                    policy->playActionCard(t, o.absoluteCardId, q, true);
                } else if (o.type == BUY) {
                    me.actions = 0;
                    me.buyCard(o.absoluteCardId);
                    t.supplyPiles[CardManager::cardIndexer[o.absoluteCardId]] -= 1;
                } else {
                    break;
                }
            }
            me.endTurn();
            taken[q]++;
            q = (q + 1) % PLAYERS;
            if (q == 0) t.turnCounter++;
        }
        rounds += taken[0];  // the first seat's turns: the most any seat took
    }
    bare = process_cpu() - bare;
    delete policy;
    rusage use;
    getrusage(RUSAGE_SELF, &use);
    printf("\n{\"playouts\": %ld, \"cpu\": %.6f, \"game_turns\": %zu, \"playout_rounds\": %.2f, "
           "\"bare_playouts\": %d, \"bare_cpu\": %.6f, \"max_rss_mb\": %.0f}\n",
           playouts, cpu, trail.size(), double(rounds) / games, games, bare, use.ru_maxrss / 1024.0);
    return 0;
}
