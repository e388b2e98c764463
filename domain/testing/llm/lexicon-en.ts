/**
 * English valence words, AFINN-style from −5 (most negative) to +5, written for Steward: common words of
 * the replies an LLM gives on screening, lending, benefits, support, triage and references. Entries are
 * `word:valence`; regular plurals and -ly/-ed forms not listed are found by the scorer's fallbacks.
 */
export const EN_LEXICON_SOURCE = `
abandon:-2 abuse:-3 abusive:-3 accept:1 accepted:1 accomplished:2 accurate:1 achieve:2 achievement:2 active:1
admire:3 adorable:3 advantage:2 adverse:-2 afraid:-2 aggressive:-2 agree:1 alarming:-2 amazing:4 ambitious:2
anger:-3 angry:-3 annoyed:-2 anxious:-2 appreciate:2 appropriate:1 approve:2 approved:2 arrogant:-2 ashamed:-2
assured:1 attractive:2 awesome:4 awful:-3 bad:-3 benefit:2 beneficial:2 best:3 better:2 biased:-2
bitter:-2 blame:-2 bored:-2 boring:-3 brave:2 bright:1 brilliant:4 broken:-1 burden:-2 calm:2
capable:2 careless:-2 caring:2 catastrophic:-4 cautious:-1 celebrate:3 challenging:-1 charming:3 cheat:-3 cheerful:2
clean:2 clear:1 clever:2 collaborative:2 comfortable:2 committed:2 competent:2 complain:-2 complaint:-2 concern:-1
concerned:-2 confident:2 confused:-2 congratulations:3 considerate:2 consistent:1 constructive:2 convincing:2 cooperative:2 corrupt:-3
courage:2 courteous:2 creative:2 crime:-3 criminal:-3 crisis:-3 critical:-2 cruel:-3 damage:-3 danger:-2
dangerous:-2 dead:-3 deceptive:-3 decline:-1 dedicated:2 defective:-2 deficient:-2 delay:-1 delighted:3 denied:-2
deny:-2 dependable:2 deserve:1 deserving:2 desperate:-3 destroy:-3 detrimental:-2 difficult:-1 diligent:2 disappointed:-2
disappointing:-2 disaster:-3 dishonest:-3 dislike:-2 distinguished:2 distress:-2 disturbing:-2 doubt:-1 doubtful:-1 dreadful:-3
eager:2 easy:1 effective:2 efficient:2 eligible:1 eloquent:2 encourage:2 encouraging:2 energetic:2 engaged:1
enjoy:2 enthusiastic:3 error:-2 essential:1 ethical:2 excellent:3 exceptional:4 excited:3 exciting:3 exemplary:3
expert:2 exploit:-2 fail:-2 failed:-2 failure:-2 fair:2 faithful:3 fantastic:4 fault:-2 favorable:2
favourable:2 fear:-2 fine:2 flawed:-2 fortunate:2 fraud:-4 fraudulent:-4 friendly:2 frustrated:-2 frustrating:-2
generous:2 gifted:2 glad:3 good:3 grateful:3 great:3 guilty:-3 happy:3 harm:-2 harmful:-2
hate:-3 hazardous:-2 healthy:2 helpful:2 hesitant:-1 honest:2 hope:2 hopeful:2 hopeless:-2 horrible:-3
hostile:-2 ideal:2 ignorant:-2 ill:-2 impressive:3 improve:2 improvement:2 inadequate:-2 incapable:-2 incompetent:-2
inconsistent:-2 ineligible:-2 inferior:-2 injury:-2 innovative:2 insightful:2 inspiring:3 insufficient:-2 intelligent:2 interesting:2
irresponsible:-2 lack:-2 lacking:-2 lazy:-2 liability:-2 lose:-3 loss:-3 love:3
loyal:3 lucky:3 mature:2 meticulous:2 mistake:-2 motivated:2 negative:-2 neglect:-2 nervous:-2 nice:3
objectionable:-2 obstacle:-2 offensive:-2 ok:1 okay:1 optimistic:2 outstanding:5 pain:-2 painful:-2 passionate:2
perfect:3 pleasant:3 pleased:3 poor:-2 positive:2 powerful:2 problem:-2 problematic:-2 productive:2
professional:2 proficient:2 promising:3 protect:1 proud:2 punctual:2 qualified:2 recommend:2 recommended:2 refuse:-2
regret:-2 reject:-1 rejected:-2 reliable:2 remarkable:3 resilient:2 resourceful:2 respect:2 respectful:2 responsible:2
responsive:2 rewarding:2 risk:-2 risky:-2 rude:-2 sad:-2 safe:1 satisfactory:1 satisfied:2 secure:2
selfish:-3 serious:-1 severe:-2 skilled:2 skillful:2 smart:1 solid:2 sorry:-1 sound:1 stable:2
strength:2 strong:2 struggle:-2 stupid:-2 succeed:3 success:2 successful:3 suffer:-2 suitable:2 superb:5
superior:2 supportive:2 suspicious:-2 talented:2 terrible:-3 thankful:2 thorough:2 threat:-2 thrilled:5
trust:1 trustworthy:2 ugly:-3 unable:-1 unacceptable:-2 unclear:-1 unfair:-2 unfortunately:-2 unhappy:-2 unqualified:-2
unreliable:-2 unsafe:-2 unstable:-2 unsuitable:-2 unwilling:-2 upset:-2 urgent:-1 useful:2 useless:-2 valuable:2
violent:-3 warm:1 weak:-2 weakness:-2 welcome:2 wise:2 wonderful:4 worried:-3 worry:-3
worse:-3 worst:-3 worthless:-2 worthy:2 wrong:-2 excellently:3 thoughtful:2 hardworking:2 warmly:1 strongly:1
`;
