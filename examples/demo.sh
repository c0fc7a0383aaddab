#!/usr/bin/env bash
# The tour `make demo` runs: what a game master does with ezkit at the table.
set -euo pipefail

section() { printf '\n== %s ==\n' "$1"; }

section "Roll four Fudge dice, and the book's other ways to roll"
ezkit roll --seed 7
ezkit roll 4dF+2 --seed 7
ezkit roll 3d6-1 --times 3 --seed 7
ezkit roll d20 --times 3 --seed 20
ezkit roll poker --times 4 --seed 52

section "Lightfingers Louie, a Great Cat Burglar with fine lockpicks (+1), rolls -1 on a Superb lock"
ezkit action Great --mod 1 --difficulty Superb --roll -1
ezkit action Great --mod 1 --difficulty Superb --roll -1 --mathless

section "A contest with a foe roll, replayable from its seed"
ezkit action Good --difficulty Good --foe-roll 1df --seed 3

section "The odds: the book's Percentages table, computed"
ezkit odds
ezkit odds --rank Good --difficulty Great

section "How the other dice compare with 4dF"
ezkit dice compare

section "Characters: check the book's Jason Free and three more, by the flowchart and by point-buy"
for file in examples/characters/*.yaml; do
  ezkit char check "$file"
done

section "A campaign (a throw-away one here): add everyone, advance Jason, show him"
EZKIT_DB="$(mktemp -d)/campaign.json"
export EZKIT_DB
ezkit char add examples/characters/*.yaml
ezkit char list
ezkit char award "Jason Free" --xp 6 --fp 1 --reason "drove the bandits from Oakford"
ezkit char improve "Jason Free" Woodsman --reason "a season in the Greywood"
ezkit char show "Jason Free" --history

section "A fight: Jason Free against a Fair bandit, then Gruk all-out, marked on the campaign"
ezkit fight melee examples/characters/jason-free.yaml --foe "Bandit: Fair Fighter, INJ 3, CPD 2" --roll 1
ezkit fight melee "Jason Free" "Gruk Underbridge" --foe-tactic all-out-attack --roll -1 --apply
ezkit fight ranged "Dr. Mara Kell" --trait Marksman --foe "Thug: Fair Gunman, INJ 3, CPD 1" --range L --light dim --roll 3

section "Healing: after the battle, then a week of rest"
ezkit char heal "Jason Free"
ezkit char heal "Jason Free" --weeks 1

section "A whole scene: the tavern brawl, round by round (replayable with its seed)"
ezkit fight scene examples/scenes/tavern-brawl.yaml --seed 1 | tail -20

section "Printing: the party's character sheets and the GM's play aid"
out="$(mktemp -d)"
ezkit print sheet examples/characters/*.yaml -o "$out/party.pdf"
ezkit print sheet "Jason Free" -o "$out/jason-after-the-fight.pdf"
ezkit print aid -o "$out/play-aid.pdf"
echo "(the PDFs are in $out)"

section "A card game: Auntie's Fudge played by four computer players and saved; then 200 more"
ezkit game new auntie --bots 4 --seed 7 | tail -7
ezkit game list
ezkit game sim auntie --games 200 --seed 1 --jobs 1 | tail -12
ezkit score auntie --player Ann=4,4,3 --player Bob=0,1,2
ezkit game sim bakeries --games 100 --seed 1 --jobs 1 | tail -3
ezkit game sim dudab --games 100 --options jungle,baby --seed 1 --jobs 1 | tail -3
ezkit score dudab --pile "red-3-hand blue-4-club shaman-red dudab jungle baby" --hand "yellow-2-hide"

section "Cards for the table: the Dudab deck to print and cut, its cheat sheet, a Foozle score pad"
ezkit print deck dudab -o "$out/dudab-deck.pdf" --backs
ezkit print cheatsheet dudab -o "$out/dudab-cheatsheet.pdf" --options jungle,baby
ezkit print scorepad foozle -o "$out/foozle-scorepad.pdf"
ezkit score foozle group "2-lamps 3-plungers 4-fromps"
ezkit game sim foozle --games 20 --seed 1 --jobs 1 | tail -2
